import type { Dispute, DisputeEvidence } from '@/db/schema';

/** DESIGN §5. */
export type DisputeResource = ReturnType<typeof toDisputeResource>;
export type DisputeEvidenceResource = ReturnType<typeof toDisputeEvidence>;

export function toDisputeResource(row: Dispute, evidence: DisputeEvidence[]) {
  return {
    id: row.id,
    taskId: row.taskId,
    // Admins add evidence but never open a dispute (db/schema/disputes.ts).
    openedBy: row.openedBy === 'worker' ? ('worker' as const) : ('requester' as const),
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt,
    evidence: evidence.map(toDisputeEvidence),
    resolution:
      row.status === 'resolved' && row.outcome !== null && row.resolvedAt !== null
        ? {
            outcome: row.outcome,
            workerCents: row.workerCents ?? 0,
            refundCents: row.refundCents ?? 0,
            note: row.note,
            resolvedAt: row.resolvedAt,
          }
        : null,
  };
}

export function toDisputeEvidence(row: DisputeEvidence) {
  return { id: row.id, by: row.by, text: row.text, uploadIds: row.uploadIds, createdAt: row.createdAt };
}
