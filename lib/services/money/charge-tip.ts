import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type Tip, tips } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { bookTip } from './book-tip';
import { findPaymentCustomer } from './find-payment-customer';

export type ChargeTipOptions = { processor: PaymentProcessor; tip: Tip; taskTitle: string };

/**
 * Charges a claimed card tip, outside any transaction, then books it. The processor key `tip:<id>:charge:<attempt>`
 * makes a retry after a crash (same Idempotency-Key, same tip row) a replay of the one charge; only a declined
 * attempt moves to the next number. A decline leaves the tip `failed`, off the books, and throws PAYMENT_FAILED.
 */
export async function chargeTip(db: Db, { processor, tip, taskTitle }: ChargeTipOptions): Promise<Tip> {
  const customer = await findPaymentCustomer(db, tip.payerId, processor);
  if (!customer?.paymentMethodId) {
    await markFailed(db, tip.id, { code: 'no_card', message: 'No card on file' });
    throw new ApiError('PAYMENT_REQUIRED', {
      message: 'No card on file',
      hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard), then retry.',
    });
  }
  const outcome = await processor.chargeCard({
    customerId: customer.customerId,
    paymentMethodId: customer.paymentMethodId,
    amountCents: tip.amountCents,
    idempotencyKey: `tip:${tip.id}:charge:${tip.chargeAttempts}`,
    transferGroup: `task:${tip.taskId}`,
    description: `Tip: ${taskTitle}`,
  });
  if (outcome.status === 'failed') {
    await markFailed(db, tip.id, { code: outcome.declineCode ?? outcome.code, message: outcome.message });
    throw new ApiError('PAYMENT_FAILED', {
      message: outcome.message,
      details: { code: outcome.code, declineCode: outcome.declineCode },
    });
  }
  return bookTip(db, { tipId: tip.id, reference: outcome.processorId });
}

async function markFailed(db: Db, tipId: string, failure: { code: string; message: string }) {
  await db
    .update(tips)
    .set({
      status: 'failed',
      failureCode: failure.code,
      failureMessage: failure.message,
      chargeAttempts: sql`${tips.chargeAttempts} + 1`,
    })
    .where(eq(tips.id, tipId));
}
