import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { tasks, users } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { chargeForTask } from '@/lib/services/payments/charge-for-task';
import { findPaymentCustomer } from '@/lib/services/payments/payment-customer';

export type CardFunding = { payerId: string } | { refusal: string; remainingCents?: number };

/**
 * Decides whose card pays for a task and reserves it: a human pays with their own card; an agent with its
 * operator's, within the agent's remaining `spendingLimitCents`. Runs in the caller's transaction with the
 * agent's row locked, and marks the task `fundingSource = card`, so concurrent tasks of one agent are
 * counted against its cap one after the other and can never overspend it together.
 */
export async function reserveCardFunding(
  tx: DbOrTx,
  processor: PaymentProcessor,
  user: Pick<ActorUser, 'id' | 'type' | 'ownerId'>,
  task: { id: string; totalCents: number },
): Promise<CardFunding> {
  const payerId = user.type === 'agent' ? user.ownerId : user.id;
  if (!payerId) return { refusal: 'This agent has no operator whose card could pay' };

  if (user.type === 'agent') {
    const [agent] = await tx
      .select({ limit: users.spendingLimitCents })
      .from(users)
      .where(eq(users.id, user.id))
      // NO KEY UPDATE, not UPDATE: the transaction already inserted its draft, whose foreign key holds a KEY
      // SHARE lock on this row; FOR UPDATE would deadlock two concurrent creations of one agent.
      .for('no key update');
    if (agent?.limit !== null && agent?.limit !== undefined) {
      const spent = await committedCardSpend(tx, user.id, task.id);
      const remainingCents = Math.max(0, agent.limit - spent);
      if (task.totalCents > remainingCents) {
        return { refusal: `The agent’s spending limit leaves ${remainingCents} cents`, remainingCents };
      }
    }
  }

  const customer = await findPaymentCustomer(tx as Db, payerId, processor);
  if (!customer?.paymentMethodId) {
    return { refusal: user.type === 'agent' ? 'The operator has no card on file' : 'No card on file' };
  }
  await tx.update(tasks).set({ fundingSource: 'card' }).where(eq(tasks.id, task.id));
  return { payerId };
}

/** What an agent's card-funded tasks hold or spent: every card task not refunded (cancelled or expired). */
async function committedCardSpend(tx: DbOrTx, agentId: string, exceptTaskId: string) {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${tasks.totalCents}), 0)` })
    .from(tasks)
    .where(
      and(
        eq(tasks.requesterId, agentId),
        inArray(tasks.fundingSource, ['card']),
        notInArray(tasks.status, ['cancelled', 'expired']),
        ne(tasks.id, exceptTaskId),
      ),
    );
  return Number(row?.cents ?? 0);
}

/** Charges the reserved card for the task's total (idempotent per task; see chargeForTask). */
export function chargeCard(
  db: Db,
  processor: PaymentProcessor,
  task: { id: string; totalCents: number; title: string },
  payerId: string,
) {
  return chargeForTask(db, processor, {
    taskId: task.id,
    payerId,
    amountCents: task.totalCents,
    description: `Task: ${task.title}`,
  });
}
