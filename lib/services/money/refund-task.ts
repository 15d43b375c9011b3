import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@/db/client';
import { type Charge, charges, refunds } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';

export type RefundTaskInput = { taskId: string; amountCents?: number; description: string };

// Records the refund in the caller's transaction and calls no processor (sendDueRefunds sends it after the
// commit). The charge rows' locks serialize concurrent refunds, so the second refunds only what is left. The
// processor key names the amount already refunded, so a re-send repeats the same refund. A savepoint in a
// caller's transaction, so a refusal the caller catches undoes only the refund.
//
// A task has its funding charge and, when it accepted an offer above its budget, a top-up charge
// (accept-offer.ts). A refund draws on the top-up first, then on the funding charge, so that a partial refund
// after a top-up gives the extra back before touching what the task was posted with.
export async function refundTask(db: Executor, processor: PaymentProcessor, input: RefundTaskInput) {
  const mode = processor.livemode ? 'live' : 'test';
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(charges)
      .where(and(eq(charges.taskId, input.taskId), eq(charges.livemode, processor.livemode)))
      .orderBy(sql`${charges.offerId} is null`, asc(charges.createdAt))
      .for('update');
    const captured = locked.filter((charge) => charge.status === 'succeeded' && charge.processorId);
    if (captured.length === 0) {
      throw new ApiError('NOT_FOUND', { message: 'This task has no captured charge to refund' });
    }
    // Only what the charges have left and the escrow still holds (a paid-out task refunds nothing).
    const held = await lockedBalance(tx, ledgerAccount.escrow(mode, input.taskId));
    const refundable = captured.reduce((sum, charge) => sum + charge.amountCents - charge.refundedCents, 0);
    const remaining = Math.min(refundable, held);
    const amount = input.amountCents ?? remaining;
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > remaining) {
      throw new ApiError('CONFLICT', {
        message: `Only ${remaining} cents of this charge can still be refunded`,
        hint: 'Refund at most the remaining amount.',
        details: { remainingCents: remaining },
      });
    }
    let left = amount;
    for (const charge of captured) {
      const part = Math.min(left, charge.amountCents - charge.refundedCents);
      if (part <= 0) continue;
      await refundCharge(tx, { charge, amountCents: part, mode, description: input.description });
      left -= part;
    }
    const refundedBefore = captured.reduce((sum, charge) => sum + charge.refundedCents, 0);
    return { refundedCents: amount, totalRefundedCents: refundedBefore + amount };
  });
}

type RefundChargeOptions = { charge: Charge; amountCents: number; mode: 'live' | 'test'; description: string };

async function refundCharge(tx: Tx, { charge, amountCents, mode, description }: RefundChargeOptions) {
  const taskId = charge.taskId;
  if (!taskId) throw new Error(`charge ${charge.id} has no task`);
  // The funding charge keeps the key it always had; a top-up's names its own charge.
  const key = charge.offerId
    ? `charge:${charge.id}:refund:${charge.refundedCents}`
    : `task:${taskId}:refund:${charge.refundedCents}`;
  await tx.insert(refunds).values({
    chargeId: charge.id,
    taskId,
    livemode: charge.livemode,
    processor: charge.processor,
    amountCents,
    idempotencyKey: key,
  });
  await tx
    .update(charges)
    .set({ refundedCents: sql`${charges.refundedCents} + ${amountCents}` })
    .where(eq(charges.id, charge.id));
  await postLedgerTransaction(tx, {
    kind: 'refund',
    idempotencyKey: `${mode}:${key}`,
    livemode: charge.livemode,
    taskId,
    userId: charge.userId,
    description,
    entries: [
      { account: ledgerAccount.escrow(mode, taskId), amountCents: -amountCents },
      { account: ledgerAccount.refunds(mode, charge.userId), amountCents },
    ],
  });
}
