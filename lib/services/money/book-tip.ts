import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type Tip, tasks, tips, users, x402Payments } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import { TASK_TIPPED } from '@/lib/events/event-types';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { notifyTipReceived } from '@/lib/services/notifications/notify-tip-received';
import { taskAudience } from '@/lib/tasks/task-audience';

export type BookTipOptions = {
  tipId: string;
  /** The card charge (pi_…) or the x402 settlement's transaction hash. */
  reference: string;
};

/**
 * Puts a paid tip on the books, in one transaction: the row `paid`, the money from the payer's card (or the x402
 * receipts) straight to the worker's payable (kind `tip`, no fee), `task.tipped` and the worker's notice. A tip
 * booked already changes nothing. Locks: the tip row, then the notification, then the ledger's advisory locks.
 */
export async function bookTip(db: Db, { tipId, reference }: BookTipOptions): Promise<Tip> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(tips).where(eq(tips.id, tipId)).for('update');
    if (!locked) throw new Error(`tip ${tipId} vanished`);
    if (locked.status === 'paid') return locked;
    const [tip] = await tx
      .update(tips)
      .set({
        status: 'paid',
        paidAt: new Date(),
        failureCode: null,
        failureMessage: null,
        ...(locked.source === 'card' ? { chargeProcessorId: reference } : {}),
      })
      .where(eq(tips.id, tipId))
      .returning();
    if (!tip) throw new Error(`tip ${tipId} vanished`);
    if (tip.x402PaymentId) {
      await tx
        .update(x402Payments)
        .set({ taskId: tip.taskId, bookedAt: new Date(), updatedAt: new Date() })
        .where(eq(x402Payments.id, tip.x402PaymentId));
    }
    const [task] = await tx
      .select({ id: tasks.id, title: tasks.title, requesterId: tasks.requesterId, workerId: tasks.workerId })
      .from(tasks)
      .where(eq(tasks.id, tip.taskId));
    if (!task) throw new Error(`task ${tip.taskId} vanished`);
    const [requester] = await tx.select({ ownerId: users.ownerId }).from(users).where(eq(users.id, task.requesterId));
    await emitEvent(tx, {
      type: TASK_TIPPED,
      data: { taskId: task.id, tip: tipView(tip) },
      taskId: task.id,
      audience: [...taskAudience(task, requester?.ownerId ?? null), tip.workerId],
      livemode: tip.livemode,
    });
    await notifyTipReceived(tx, { tip, task });
    const mode = tip.livemode ? 'live' : 'test';
    const from =
      tip.source === 'card' ? ledgerAccount.requesterFunding(mode, tip.payerId) : ledgerAccount.x402Receipts(mode);
    await postLedgerTransaction(tx, {
      kind: 'tip',
      idempotencyKey: `${mode}:tip:${tip.id}:${tip.source === 'card' ? 'charge' : 'x402'}`,
      livemode: tip.livemode,
      taskId: tip.taskId,
      userId: tip.payerId,
      reference,
      description: `Tip: ${task.title}`,
      entries: [
        { account: from, amountCents: -tip.amountCents },
        { account: ledgerAccount.workerPayable(mode, tip.workerId), amountCents: tip.amountCents },
      ],
    });
    return tip;
  });
}

/** A tip as the API shows it (lib/schemas/tips.ts `tipSchema`). */
export function tipView(tip: Tip) {
  return {
    id: tip.id,
    taskId: tip.taskId,
    workerId: tip.workerId,
    amountCents: tip.amountCents,
    currency: 'usd' as const,
    source: tip.source,
    status: 'paid' as const,
    createdAt: tip.createdAt.toISOString(),
  };
}
