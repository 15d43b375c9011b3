import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { chargeForTask } from './charge-for-task';

export type ChargeCardOptions = {
  processor: PaymentProcessor;
  task: { id: string; totalCents: number; title: string };
  payerId: string;
  /** The agent whose task this is, when it (not a human) is paying with its operator's card. */
  agentId?: string;
};

/** Charges the reserved card for the task's total (idempotent per task; see chargeForTask). */
export function chargeCard(db: Db, { processor, task, payerId, agentId }: ChargeCardOptions) {
  return chargeForTask(db, processor, {
    taskId: task.id,
    payerId,
    amountCents: task.totalCents,
    description: `Task: ${task.title}`,
    ...(agentId ? { byAgent: { agentId, taskTitle: task.title } } : {}),
  });
}
