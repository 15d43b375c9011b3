import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { charges, refunds } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';

export type RefundTaskInput = { taskId: string; amountCents?: number; description: string };

// Records the refund in the caller's transaction and calls no processor (sendDueRefunds sends it after the
// commit). The charge row lock serializes concurrent refunds, so the second refunds only what is left. The
// processor key names the amount already refunded, so a re-send repeats the same refund. A savepoint in a
// caller's transaction, so a refusal the caller catches undoes only the refund.
export async function refundTask(db: Executor, processor: PaymentProcessor, input: RefundTaskInput) {
  const mode = processor.livemode ? 'live' : 'test';
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select()
      .from(charges)
      .where(and(eq(charges.taskId, input.taskId), eq(charges.livemode, processor.livemode)))
      .for('update');
    if (charge?.status !== 'succeeded' || !charge.processorId) {
      throw new ApiError('NOT_FOUND', { message: 'This task has no captured charge to refund' });
    }
    // Only what the charge has left and the escrow still holds (a paid-out task refunds nothing).
    const held = await lockedBalance(tx, ledgerAccount.escrow(mode, input.taskId));
    const remaining = Math.min(charge.amountCents - charge.refundedCents, held);
    const amount = input.amountCents ?? remaining;
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > remaining) {
      throw new ApiError('CONFLICT', {
        message: `Only ${remaining} cents of this charge can still be refunded`,
        hint: 'Refund at most the remaining amount.',
        details: { remainingCents: remaining },
      });
    }
    if (amount === 0) return { refundedCents: 0, totalRefundedCents: charge.refundedCents };

    const key = `task:${input.taskId}:refund:${charge.refundedCents}`;
    await tx.insert(refunds).values({
      chargeId: charge.id,
      taskId: input.taskId,
      livemode: processor.livemode,
      processor: processor.name,
      amountCents: amount,
      idempotencyKey: key,
    });
    await tx
      .update(charges)
      .set({ refundedCents: sql`${charges.refundedCents} + ${amount}` })
      .where(eq(charges.id, charge.id));
    await postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `${mode}:${key}`,
      livemode: processor.livemode,
      taskId: input.taskId,
      userId: charge.userId,
      description: input.description,
      entries: [
        { account: ledgerAccount.escrow(mode, input.taskId), amountCents: -amount },
        { account: ledgerAccount.refunds(mode, charge.userId), amountCents: amount },
      ],
    });
    return { refundedCents: amount, totalRefundedCents: charge.refundedCents + amount };
  });
}
