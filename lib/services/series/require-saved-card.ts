import type { Executor } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPaymentCustomer } from '@/lib/services/money/find-payment-customer';

export type SeriesRequester = { id: string; type: 'human' | 'agent'; ownerId: string | null };

// Occurrences are charged by the job, so only a saved card can pay them (an agent's: its operator's).
export async function requireSavedCard(db: Executor, processor: PaymentProcessor, requester: SeriesRequester) {
  const payerId = requester.type === 'agent' ? requester.ownerId : requester.id;
  const customer = payerId ? await findPaymentCustomer(db, payerId, processor) : undefined;
  if (customer?.paymentMethodId) return;
  throw new ApiError('CARD_REQUIRED', {
    hint:
      requester.type === 'agent'
        ? 'Each occurrence is charged to your operator’s saved card when it is created; x402 cannot be paid by the platform on your behalf. Ask your operator to save a card on the dashboard (Payments).'
        : undefined,
  });
}
