import type { Executor } from '@/db/client';
import type { Caller } from '@/lib/auth/admin';
import { loadEvidence } from './load-evidence';
import { readDisputeAccess } from './read-dispute-access';
import { type DisputeResource, toDisputeResource } from './to-dispute-resource';

export type GetDisputeOptions = { caller: Caller; disputeId: string };

export async function getDispute(db: Executor, { caller, disputeId }: GetDisputeOptions): Promise<DisputeResource> {
  const { dispute } = await readDisputeAccess(db, { caller, disputeId });
  const evidence = await loadEvidence(db, [dispute.id]);
  return toDisputeResource(dispute, evidence.get(dispute.id) ?? []);
}
