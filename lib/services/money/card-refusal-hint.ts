import type { ActorUser } from '@/lib/auth/actor';
import { X402_PAYMENT_HINT } from '@/lib/payments/x402/requirements';

export type CardRefusal = 'no_card' | 'spending_limit_exceeded' | 'card_declined';

export function cardRefusalHint(reason: CardRefusal, user: ActorUser): string {
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
