import { MppRejection } from '@/lib/payments/mpp/rejection';
import { X402Rejection } from '@/lib/payments/x402/accept-payment';
import type { X402Requirements } from '@/lib/payments/x402/requirements';
import { cardRefusalHint } from './card-refusal-hint';
import type { Funder, FundingOutcome } from './funding-outcome';
import { isCardRefusal } from './is-card-refusal';

export type Refused = { requirements: X402Requirements; funder: Pick<Funder, 'user' | 'viaApiKey'> };

// A refused card is offered x402 to an API-key caller, so an off-the-shelf x402 client can always pay. Null for
// any other error, and for a session caller's card error, which the caller rethrows.
export function paymentRefusal(error: unknown, { requirements, funder }: Refused): FundingOutcome | null {
  if (error instanceof MppRejection) {
    const refusal = { code: 'PAYMENT_FAILED' as const, reason: error.reason, message: error.message, hint: error.hint };
    return { kind: 'paymentRequired', requirements, refusal: { ...refusal, details: { type: error.details?.type } } };
  }
  if (error instanceof X402Rejection) {
    const refusal = { code: 'PAYMENT_FAILED' as const, reason: error.reason, message: error.message };
    return { kind: 'paymentRequired', requirements, refusal };
  }
  if (!funder.viaApiKey || !isCardRefusal(error)) return null;
  const reason = error.code === 'PAYMENT_FAILED' ? 'card_declined' : 'no_card';
  const refusal = {
    code: error.code,
    message: error.message,
    reason,
    details: error.details,
    hint: cardRefusalHint(reason, funder.user),
  } as const;
  return { kind: 'paymentRequired', requirements, refusal };
}
