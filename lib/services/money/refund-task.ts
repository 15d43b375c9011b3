import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { charges, refunds } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';

export type RefundTaskInput = { taskId: string; amountCents?: number; description: string };

/**
 * Refunds a task's charge back to the payer's card, fully (default) or partly, out of the task's escrow. Called
 * inside the transaction that decides the refund (a cancel, an expiry, a dispute's resolution), it records the
 * refund there and calls no processor: the ledger moves the money to `refunds:<payer>` and a pending `refunds`
 * row is the outbox that sendDueRefunds sends after the commit. The charge row is locked for the duration, so
 * concurrent refunds of one charge run one after the other: the second sees what the first took and refunds only
 * what is left (nothing, for two full refunds). The processor key names the amount already refunded, so a
 * re-send after a crash repeats the same refund. Atomic on its own: on the pool handle its own transaction, in a
 * caller's a savepoint, so a refusal (NOT_FOUND, CONFLICT) the caller catches undoes only the refund's lock.
 */
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
