import { ApiError } from '@/lib/errors/api-error';
import { cardRefusalHint } from './card-refusal-hint';
import type { FundingOutcome } from './funding-outcome';
import type { Refused } from './payment-refusal';

export type CardUnavailable = { refusal: string; remainingCents?: number };

// An API-key caller is offered x402 instead; a session caller gets 402 with a hint to add a card.
export function cardUnavailable(card: CardUnavailable, { requirements, funder }: Refused): FundingOutcome {
  if (!funder.viaApiKey) {
    throw new ApiError('PAYMENT_REQUIRED', {
      message: card.refusal,
      hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard, Payments), then retry.',
    });
  }
  const reason = card.remainingCents !== undefined ? 'spending_limit_exceeded' : 'no_card';
  const refusal = {
    message: `${card.refusal}. Pay with x402 instead.`,
    reason,
    hint: cardRefusalHint(reason, funder.user),
  };
  return { kind: 'paymentRequired', requirements, refusal };
}
