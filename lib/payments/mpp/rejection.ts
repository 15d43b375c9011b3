import { ApiError } from '@/lib/errors/api-error';

/** The problem types of the Payment scheme (draft-httpauth-payment, "Error Codes"), carried as `details.reason`. */
export type MppProblem =
  | 'malformed-credential'
  | 'invalid-challenge'
  | 'payment-expired'
  | 'payment-insufficient'
  | 'verification-failed';

/**
 * A refused `Authorization: Payment` credential: 402 `PAYMENT_FAILED` like a refused x402 payment, with the
 * scheme's problem type as `details.reason` (and its URI as `details.type`); the answer repeats the challenge.
 */
export class MppRejection extends ApiError {
  readonly reason: MppProblem;

  constructor(reason: MppProblem, message: string) {
    super('PAYMENT_FAILED', {
      message,
      details: { reason, type: `https://paymentauth.org/problems/${reason}` },
      hint:
        'Fix what `details.reason` names and retry with `Authorization: Payment <credential>` answering the ' +
        '`WWW-Authenticate: Payment` challenge of this 402, with a new Shared Payment Token; each token pays once.',
    });
    this.name = 'MppRejection';
    this.reason = reason;
  }
}
