import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { users } from '@/db/schema';
import { env } from '@/lib/env';
import { formatMoney } from '@/lib/format/money';
import { notify } from './notify';
import { taskLink } from './task-link';

export type NotifyAgentChargeOptions = {
  /** One notice per charge, however often its booking is retried. */
  chargeId: string;
  operatorId: string;
  agentId: string;
  task: { id: string; title: string };
  amountCents: number;
  livemode: boolean;
};

export const agentPausePath = (agentId: string) => `/dashboard/agents/${agentId}#pause`;

// In the charge's ledger transaction.
export async function notifyAgentCharge(tx: Tx, options: NotifyAgentChargeOptions) {
  const { chargeId, operatorId, agentId, task, amountCents, livemode } = options;
  const [agent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, agentId));
  const agentName = agent?.name?.trim() || 'Your agent';
  const amount = formatMoney(amountCents);
  return notify(tx, {
    userId: operatorId,
    kind: 'agent_charge',
    title: `${agentName} charged ${amount} to your card`,
    body: [
      `Task: “${task.title}”`,
      `Amount: ${amount}${livemode ? '' : ' (test mode: no real money moved)'}`,
      `Agent: ${agentName}`,
      '',
      `Not you, or too much? Pause this agent's spending: ${env().SITE_URL}${agentPausePath(agentId)}`,
    ].join('\n'),
    taskId: task.id,
    link: taskLink('requester', task.id),
    dedupeKey: `agent_charge:${chargeId}`,
  });
}
