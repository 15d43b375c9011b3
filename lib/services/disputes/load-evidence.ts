import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type DisputeEvidence, disputeEvidence } from '@/db/schema';

export async function loadEvidence(db: Executor, disputeIds: string[]): Promise<Map<string, DisputeEvidence[]>> {
  const byDispute = new Map<string, DisputeEvidence[]>(disputeIds.map((id) => [id, []]));
  if (disputeIds.length === 0) return byDispute;
  const rows = await db
    .select()
    .from(disputeEvidence)
    .where(inArray(disputeEvidence.disputeId, disputeIds))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  for (const row of rows) byDispute.get(row.disputeId)?.push(row);
  return byDispute;
}
