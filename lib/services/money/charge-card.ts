import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { chargeForTask } from './charge-for-task';

export type ChargeCardOptions = {
  processor: PaymentProcessor;
  task: { id: string; totalCents: number; title: string };
  payerId: string;
  /** Set when an agent (not a human) pays with its operator's card. */
  agentId?: string;
};

// Idempotent per task (see chargeForTask).
export function chargeCard(db: Db, { processor, task, payerId, agentId }: ChargeCardOptions) {
  return chargeForTask(db, processor, {
    taskId: task.id,
    payerId,
    amountCents: task.totalCents,
    description: `Task: ${task.title}`,
    ...(agentId ? { byAgent: { agentId, taskTitle: task.title } } : {}),
  });
}
