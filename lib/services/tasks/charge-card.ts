import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { chargeForTask } from '@/lib/services/payments/charge-for-task';

export type ChargeCardOptions = {
  processor: PaymentProcessor;
  task: { id: string; totalCents: number; title: string };
  payerId: string;
};

/** Charges the reserved card for the task's total (idempotent per task; see chargeForTask). */
export function chargeCard(db: Db, { processor, task, payerId }: ChargeCardOptions) {
  return chargeForTask(db, processor, {
    taskId: task.id,
    payerId,
    amountCents: task.totalCents,
    description: `Task: ${task.title}`,
  });
}
