import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import { logger } from '@/lib/logger';
import type { PaymentProcessor } from '@/lib/payments/processor';
import type { FundingSource } from './claim-funding-source';
import { performDuePayments } from './perform-due-payments';
import { refundTask } from './refund-task';
import { releaseFundingSource } from './release-funding-source';

export type RefundUnpostedCharge = {
  processor: PaymentProcessor;
  task: { id: string; title: string };
  /** What charged: a card (the default) or a Shared Payment Token (`mpp`), whose claim is given up. */
  source?: Extract<FundingSource, 'card' | 'mpp'>;
};

// Two card publishes of one draft share its one charge: when the other posted the draft, that charge is the
// posted task's money and stays. A failure is logged; the reconciliation job refunds it later.
export async function refundUnpostedCharge(db: Db, { processor, task, source = 'card' }: RefundUnpostedCharge) {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ publishedAt: tasks.publishedAt, fundingSource: tasks.fundingSource })
        .from(tasks)
        .where(eq(tasks.id, task.id))
        .for('update');
      if (row?.publishedAt && row.fundingSource === source) return;
      await refundTask(tx, processor, { taskId: task.id, description: `Refund: task not posted (${task.title})` });
      await releaseFundingSource(tx, task.id, source);
    });
  } catch (error) {
    logger.error('refunding the charge of a task that could not be posted failed', { error, taskId: task.id });
    return;
  }
  // Recorded with the release; sent now, after the commit, so the card has it back before the error goes out.
  await performDuePayments(db, { taskId: task.id });
}
