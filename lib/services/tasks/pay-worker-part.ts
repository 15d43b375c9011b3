import type { Tx } from '@/db/client';
import { processorForTask } from '@/lib/payments/get-processor';
import { transferOrHold } from '@/lib/services/payments/transfer-or-hold';
import { emitPaymentEvent } from './emit-payment-event';
import type { HeldTask } from './held-task';

export type PayWorkerPartOptions = { held: HeldTask; amountCents: number; feeCents: number };

/**
 * Pays the assigned worker `amountCents` of the escrow and the platform `feeCents` (a split keeps the rest). A
 * worker whose payout account cannot receive transfers does not hold the task up: the pay is held for them
 * (`transferOrHold`) and `payHeldWorkers` sends it, with its `payment.transferred`, once it can.
 */
export async function payWorkerPart(tx: Tx, { held, amountCents, feeCents }: PayWorkerPartOptions) {
  const { task } = held;
  if (!task.workerId) throw new Error('paying a task without a worker');
  const input = { taskId: task.id, workerId: task.workerId, amountCents, feeCents, description: `Task: ${task.title}` };
  if (await transferOrHold(tx, processorForTask(tx, task), input)) {
    await emitPaymentEvent(tx, { held, type: 'payment.transferred', amountCents });
  }
}
