import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { charges, tasks, tips, users } from '@/db/schema';
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
 * The agent's row is locked before its spend is counted, so concurrent tasks of one agent are counted against its
 * cap one after the other and can never overspend it together. On a refusal the caller rolls the claim back.
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

type CardSpendOptions = { agentId: string; exceptTaskId?: string };

// Captured charges less refunds, whatever the task's status, plus drafts whose card funding is reserved but not
// yet captured (a charge in flight or about to start), plus offer top-ups being charged, plus the agent's card tips
// (paid or being charged).
export async function cardSpend(tx: Tx, { agentId, exceptTaskId }: CardSpendOptions) {
  return (await taskCardSpend(tx, { agentId, exceptTaskId })) + (await tipCardSpend(tx, agentId));
}

async function tipCardSpend(tx: Tx, agentId: string) {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${tips.amountCents}), 0)` })
    .from(tips)
    .where(and(eq(tips.tipperId, agentId), eq(tips.source, 'card'), ne(tips.status, 'failed')));
  return Number(row?.cents ?? 0);
}

async function taskCardSpend(tx: Tx, { agentId, exceptTaskId }: CardSpendOptions) {
  const [row] = await tx
    .select({
      cents: sql<string>`coalesce(sum(case
        when ${charges.status} = 'succeeded' then ${charges.amountCents} - ${charges.refundedCents}
        when ${charges.status} = 'processing' and ${charges.offerId} is not null then ${charges.amountCents}
        when ${tasks.status} = 'draft' and ${tasks.fundingSource} = 'card' then ${tasks.totalCents}
        else 0 end), 0)`,
    })
    .from(tasks)
    .leftJoin(charges, and(eq(charges.taskId, tasks.id), eq(charges.livemode, tasks.livemode)))
    .where(and(eq(tasks.requesterId, agentId), exceptTaskId ? ne(tasks.id, exceptTaskId) : undefined));
  return Number(row?.cents ?? 0);
}
