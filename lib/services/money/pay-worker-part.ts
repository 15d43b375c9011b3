import type { Tx } from '@/db/client';
import { processorForTask } from '@/lib/payments/get-processor';
import type { HeldTask } from './held-task';
import { recordWorkerPay } from './record-worker-pay';

export type PayWorkerPartOptions = { held: HeldTask; amountCents: number; feeCents: number };

// The transfer and its `payment.transferred` follow the commit (sendDueTransfers).
export async function payWorkerPart(tx: Tx, { held, amountCents, feeCents }: PayWorkerPartOptions) {
  const { task } = held;
  if (!task.workerId) throw new Error('paying a task without a worker');
  const input = { taskId: task.id, workerId: task.workerId, amountCents, feeCents, description: `Task: ${task.title}` };
  await recordWorkerPay(tx, processorForTask(tx, task), input);
}
