import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { X402Rejection } from '@/lib/payments/x402/accept-payment';
import { X402_PAYMENT_HINT, type X402Requirements } from '@/lib/payments/x402/requirements';
import type { Funder, FundingOutcome } from './funding-outcome';

type CardRefusal = 'no_card' | 'spending_limit_exceeded' | 'card_declined';

/** Why no card could be reserved: none on file (for the agent's operator), or the agent's cap. */
export type CardUnavailable = { refusal: string; remainingCents?: number };

type Refused = { requirements: X402Requirements; funder: Pick<Funder, 'user' | 'viaApiKey'> };

/**
 * A payment that did not happen, as the outcome: a refused x402 payment (a malformed header as much as a wrong
 * amount) is `paymentRequired` with the requirements again, for any caller; a card that certainly did not pay
 * (declined, or no card any more: chargeForTask's refusals) is `paymentRequired` with the x402 offer for an
 * API-key caller, so an off-the-shelf x402 client can always pay. Null for any other error, and for a session
 * caller's card error, which the caller rethrows as it is.
 */
export function paymentRefusal(error: unknown, { requirements, funder }: Refused): FundingOutcome | null {
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

/**
 * No card could be reserved: an API-key caller is offered x402 (the hint says why the card could not pay); a
 * session caller gets 402 PAYMENT_REQUIRED with a hint to add a card.
 */
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

/** Why the card could not pay, said first in the hint of an API-key caller's 402; the x402 retry steps follow. */
function cardRefusalHint(reason: CardRefusal, user: ActorUser): string {
  const why = {
    no_card:
      user.type === 'agent'
        ? 'Your operator has no card on file to charge.'
        : 'No card on file to charge (add one with POST /v1/payments/wallet/setup, or on the dashboard, Payments).',
    spending_limit_exceeded:
      'The total is over the agent’s remaining `spendingLimitCents` on its operator’s card (the operator can raise it).',
    card_declined: 'The card on file was declined (`details.code`, `details.declineCode`); another card may work.',
  }[reason];
  return `${why} ${X402_PAYMENT_HINT}`;
}

/** A card charge that certainly did not happen (declined, or no card any more): chargeForTask's refusals. */
export function isCardRefusal(error: unknown): error is ApiError & { code: 'PAYMENT_FAILED' | 'PAYMENT_REQUIRED' } {
  return error instanceof ApiError && (error.code === 'PAYMENT_FAILED' || error.code === 'PAYMENT_REQUIRED');
}
