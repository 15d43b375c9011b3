import type { Tx } from '@/db/client';
import { emitEvent } from '@/lib/events/emit-event';
import type { PaymentEventType } from '@/lib/events/event-types';
import { taskAudience } from '@/lib/tasks/task-audience';
import type { HeldTask } from './held-task';

export type EmitPaymentEventOptions = { held: HeldTask; type: PaymentEventType; amountCents: number };

export async function emitPaymentEvent(tx: Tx, { held, type, amountCents }: EmitPaymentEventOptions) {
  const { task, requesterOwnerId } = held;
  await emitEvent(tx, {
    type,
    data: { taskId: task.id, amountCents, currency: 'usd', fundingSource: task.fundingSource },
    taskId: task.id,
    audience: taskAudience(task, requesterOwnerId),
    livemode: task.livemode,
  });
}
