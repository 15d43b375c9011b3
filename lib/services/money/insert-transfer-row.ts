import type { Executor } from '@/db/client';
import { transfers } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

/** One per task and mode. */
export async function insertTransferRow(db: Executor, processor: PaymentProcessor, input: TransferToWorkerInput) {
  await db
    .insert(transfers)
    .values({
      userId: input.workerId,
      taskId: input.taskId,
      livemode: processor.livemode,
      processor: processor.name,
      amountCents: input.amountCents,
      feeCents: input.feeCents,
    })
    .onConflictDoNothing();
}
