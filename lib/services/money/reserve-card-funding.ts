import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { charges, tasks, users } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { claimFundingSource } from './claim-funding-source';
import { findPaymentCustomer } from './find-payment-customer';

export type CardFunding = { payerId: string } | { refusal: string; remainingCents?: number };

export type ReserveCardFundingOptions = {
  processor: PaymentProcessor;
  user: Pick<ActorUser, 'id' | 'type' | 'ownerId'>;
  task: { id: string; totalCents: number };
};

/**
 * Decides whose card pays for a task and reserves it: a human pays with their own card; an agent with its
 * operator's, within the agent's remaining `spendingLimitCents`. Runs in the caller's transaction: first it
 * claims the draft's funding for the card (409 when another payment already has it), then, with the agent's
 * row locked, counts what the card already carries for the agent, so concurrent tasks of one agent are counted
 * against its cap one after the other and can never overspend it together. A refusal is returned, and the
 * caller rolls the claim back with its transaction.
 */
export async function reserveCardFunding(
  tx: Tx,
  { processor, user, task }: ReserveCardFundingOptions,
): Promise<CardFunding> {
  await claimFundingSource(tx, task.id, 'card');
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
      const spent = await cardSpend(tx, { agentId: user.id, exceptTaskId: task.id });
      const remainingCents = Math.max(0, agent.limit - spent);
      if (task.totalCents > remainingCents) {
        return { refusal: `The agent’s spending limit leaves ${remainingCents} cents`, remainingCents };
      }
    }
  }

  const customer = await findPaymentCustomer(tx, payerId, processor);
  if (!customer?.paymentMethodId) {
    return { refusal: user.type === 'agent' ? 'The operator has no card on file' : 'No card on file' };
  }
  return { payerId };
}

type CardSpendOptions = { agentId: string; exceptTaskId: string };

/**
 * What the operator's card carries for an agent's tasks (other than `exceptTaskId`): every captured charge less
 * what was refunded, whatever the task's status or how it ended, plus every draft whose card funding is
 * reserved and not yet captured (a charge in flight, or about to start).
 */
async function cardSpend(tx: Tx, { agentId, exceptTaskId }: CardSpendOptions) {
  const [row] = await tx
    .select({
      cents: sql<string>`coalesce(sum(case
        when ${charges.status} = 'succeeded' then ${charges.amountCents} - ${charges.refundedCents}
        when ${tasks.status} = 'draft' and ${tasks.fundingSource} = 'card' then ${tasks.totalCents}
        else 0 end), 0)`,
    })
    .from(tasks)
    .leftJoin(charges, and(eq(charges.taskId, tasks.id), eq(charges.livemode, tasks.livemode)))
    .where(and(eq(tasks.requesterId, agentId), ne(tasks.id, exceptTaskId)));
  return Number(row?.cents ?? 0);
}
