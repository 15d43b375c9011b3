import type { Tx } from '@/db/client';
import { processorForTask } from '@/lib/payments/get-processor';
import type { HeldTask } from './held-task';
import { recordWorkerPay } from './record-worker-pay';

export type PayWorkerPartOptions = { held: HeldTask; amountCents: number; feeCents: number };

/**
 * Pays the assigned worker `amountCents` of the escrow and the platform `feeCents` (a split keeps the rest), as
 * recorded pay (recordWorkerPay): the transfer and its `payment.transferred` follow the commit
 * (sendDueTransfers), at once, or once the worker's payout account can receive transfers.
 */
export async function payWorkerPart(tx: Tx, { held, amountCents, feeCents }: PayWorkerPartOptions) {
  const { task } = held;
  if (!task.workerId) throw new Error('paying a task without a worker');
  const input = { taskId: task.id, workerId: task.workerId, amountCents, feeCents, description: `Task: ${task.title}` };
  await recordWorkerPay(tx, processorForTask(tx, task), input);
}
