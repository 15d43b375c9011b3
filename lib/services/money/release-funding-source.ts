import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks } from '@/db/schema';
import type { FundingSource } from './claim-funding-source';

export async function releaseFundingSource(tx: Executor, taskId: string, source: FundingSource): Promise<void> {
  await tx
    .update(tasks)
    .set({ fundingSource: null })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'draft'), eq(tasks.fundingSource, source)));
}
