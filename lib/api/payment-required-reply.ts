import { errorTable } from '@/lib/errors/api-error';
import {
  type PaymentRequiredOptions,
  toV2PaymentRequired,
  X402_PAYMENT_HINT,
  type X402Requirements,
} from '@/lib/payments/x402/requirements';
import { rawReply } from './outcome';

// x402 v1 fields in the body and the v2 PaymentRequired in the `PAYMENT-REQUIRED` header.
export function paymentRequiredReply(requirements: X402Requirements, options: PaymentRequiredOptions = {}) {
  const code = options.code ?? 'PAYMENT_REQUIRED';
  const message = options.message ?? errorTable[code].message;
  const body = {
    error: {
      code,
      message,
      hint: options.hint ?? X402_PAYMENT_HINT,
      ...(options.reason ? { details: { reason: options.reason, ...options.details } } : {}),
    },
    x402Version: 1 as const,
    accepts: [requirements],
  };
  const header = Buffer.from(JSON.stringify(toV2PaymentRequired(requirements, message))).toString('base64');
  return rawReply(402, body, { 'PAYMENT-REQUIRED': header });
}
