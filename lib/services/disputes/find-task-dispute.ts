import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { disputes } from '@/db/schema';
import { loadEvidence } from './load-evidence';
import { type DisputeResource, toDisputeResource } from './to-dispute-resource';

export type FindTaskDisputeOptions = { taskId: string };

/** For pages that already checked the reader's access. */
export async function findTaskDispute(
  db: Executor,
  { taskId }: FindTaskDisputeOptions,
): Promise<DisputeResource | null> {
  const [dispute] = await db.select().from(disputes).where(eq(disputes.taskId, taskId));
  if (!dispute) return null;
  const evidence = await loadEvidence(db, [dispute.id]);
  return toDisputeResource(dispute, evidence.get(dispute.id) ?? []);
}
