import type { DbOrTx } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { loadEvidence } from './load-evidence';
import { readDisputeAccess } from './read-dispute-access';
import { type DisputeResource, toDisputeResource } from './to-dispute-resource';

export type GetDisputeOptions = { user: ActorUser; disputeId: string };

/** One dispute with its evidence, for either side of its task or an admin; 404 for anyone else. */
export async function getDispute(db: DbOrTx, { user, disputeId }: GetDisputeOptions): Promise<DisputeResource> {
  const { dispute } = await readDisputeAccess(db, { user, disputeId });
  const evidence = await loadEvidence(db, [dispute.id]);
  return toDisputeResource(dispute, evidence.get(dispute.id) ?? []);
}
