import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks } from '@/db/schema';
import { escrowTotal, GROSS_KINDS, spentTotal } from '@/lib/services/money/escrow-total';
import { findOwnedAgent } from './find-owned-agent';

const ACTIVE_STATUSES = ['posted', 'accepted', 'submitted', 'disputed'] as const;

export type GetAgentSpendingOptions = { operatorId: string; agentId: string };

// Spent is net, charged minus refunded (docs/payments.md "Spent").
export async function getAgentSpending(db: Executor, { operatorId, agentId }: GetAgentSpendingOptions) {
  const agent = await findOwnedAgent(db, { operatorId, agentId });
  const [[charged], [spent]] = await Promise.all([escrowTotal(db, agent.id, GROSS_KINDS), spentTotal(db, agent.id)]);
  const [counts] = await db
    .select({
      active: count(sql`case when ${inArray(tasks.status, [...ACTIVE_STATUSES])} then 1 end`),
      completed: count(sql`case when ${eq(tasks.status, 'completed')} then 1 end`),
    })
    .from(tasks)
    .where(eq(tasks.requesterId, agent.id));
  return {
    totalChargedCents: Number(charged?.cents ?? 0),
    totalSpentCents: Number(spent?.cents ?? 0),
    activeTaskCount: Number(counts?.active ?? 0),
    completedTaskCount: Number(counts?.completed ?? 0),
  };
}
