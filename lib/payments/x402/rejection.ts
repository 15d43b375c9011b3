import { ApiError } from '@/lib/errors/api-error';

/**
 * A refused x402 payment. `reason` is an x402 error code (`invalid_exact_evm_payload_signature`,
 * `nonce_already_used`, ...), `message` says it in words. Route handlers answer it with
 * `paymentRequiredReply(requirements, { code: 'PAYMENT_FAILED', reason, message })`; one that escapes
 * still becomes a 402 PAYMENT_FAILED with `details.reason` (it is an ApiError), only without `accepts`.
 */
export class X402Rejection extends ApiError {
  readonly reason: string;

  constructor(reason: string, message: string) {
    super('PAYMENT_FAILED', {
      message,
      details: { reason },
      hint:
        'Fix what `details.reason` names and retry with a new X-Payment (x402 v1) or PAYMENT-SIGNATURE (v2) ' +
        'built from `accepts[0]` of the 402 this request answers without a payment; each authorization pays once.',
    });
    this.name = 'X402Rejection';
    this.reason = reason;
  }
}
