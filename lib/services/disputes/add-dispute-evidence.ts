import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { disputeEvidence, uploads } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { recordAdminAction } from '@/lib/services/admin/record-admin-action';
import { emitDisputeEvent } from './emit-dispute-event';
import { loadEvidence } from './load-evidence';
import { notifyEvidence } from './notify-evidence';
import { readDisputeAccess } from './read-dispute-access';
import { type DisputeResource, toDisputeEvidence, toDisputeResource } from './to-dispute-resource';

export type AddDisputeEvidenceOptions = AdminCaller & { disputeId: string; text: string; uploadIds?: string[] };

// Only the poster's own uploads (else 400, nothing stored). The dispute row is locked, so evidence and a
// resolution never cross: a resolved dispute is 409 DISPUTE_NOT_OPEN.
export async function addDisputeEvidence(
  db: Db,
  { user, credential, ip, disputeId, text, uploadIds = [] }: AddDisputeEvidenceOptions,
): Promise<DisputeResource> {
  return db.transaction(async (tx) => {
    const access = await readDisputeAccess(tx, { caller: { user, credential }, disputeId, forUpdate: true });
    const { dispute } = access;
    if (dispute.status !== 'open') throw new ApiError('DISPUTE_NOT_OPEN');
    const ids = [...new Set(uploadIds)];
    await assertOwnUploads(tx, user.id, ids);
    const by = access.side ?? 'admin';
    const [row] = await tx
      .insert(disputeEvidence)
      .values({ disputeId, authorId: user.id, by, text, uploadIds: ids })
      .returning();
    if (!row) throw new Error('evidence insert returned no row');
    if (by === 'admin') {
      await recordAdminAction(
        tx,
        { user, credential, ip },
        { action: 'dispute.evidence', target: { type: 'dispute', id: dispute.id }, after: { evidenceId: row.id } },
      );
    }
    const evidence = await loadEvidence(tx, [dispute.id]);
    const resource = toDisputeResource(dispute, evidence.get(dispute.id) ?? []);
    const event = await emitDisputeEvent(tx, 'dispute.evidence_added', access, resource, {
      evidence: toDisputeEvidence(row),
    });
    await notifyEvidence(tx, { access, by, authorId: user.id, text, eventId: event.id });
    return resource;
  });
}

async function assertOwnUploads(tx: Tx, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  const owned = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId)));
  const missing = ids.filter((id) => !owned.some((upload) => upload.id === id));
  if (missing.length === 0) return;
  throw new ApiError('VALIDATION_ERROR', {
    hint: 'Upload each file with POST /v1/uploads first, as the same account, and send the returned ids.',
    issues: missing.map((id) => ({ path: ['uploadIds', String(ids.indexOf(id))], message: `Unknown upload ${id}` })),
  });
}
