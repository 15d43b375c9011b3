import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { disputes } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { recordAdminAction } from '@/lib/services/admin/record-admin-action';
import { lockedEscrowCents } from '@/lib/services/money/escrow-balance';
import { payWorker } from '@/lib/services/money/pay-worker';
import { payWorkerPart } from '@/lib/services/money/pay-worker-part';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import type { TaskAccess } from '@/lib/services/tasks/read-task-access';
import { emitDisputeEvent } from './emit-dispute-event';
import { loadEvidence } from './load-evidence';
import { type DisputeResolutionInput, resolutionAmounts } from './resolution-amounts';
import { type DisputeResource, toDisputeResource } from './to-dispute-resource';

export type SettleDisputeOptions = { admin: AdminCaller; access: TaskAccess; resolution: DisputeResolutionInput };

// Inside the `resolve` transition with the task row locked; the dispute row lock makes the escrow move once.
export async function settleDispute(
  tx: Tx,
  { admin, access, resolution }: SettleDisputeOptions,
): Promise<DisputeResource> {
  const { task } = access;
  const dispute = await lockTaskDispute(tx, access);
  if (dispute.status !== 'open') throw new ApiError('DISPUTE_NOT_OPEN');
  const { workerCents, feeCents } = resolutionAmounts(resolution, task);

  const escrow = await lockedEscrowCents(tx, task);
  const reason = `Dispute resolved (${task.title})`;
  if (resolution.outcome === 'pay_worker') await payWorker(tx, access);
  if (resolution.outcome === 'split') await payWorkerPart(tx, { held: access, amountCents: workerCents, feeCents });
  if (resolution.outcome !== 'pay_worker') {
    await refundEscrow(tx, access, `Refund: ${reason}${resolution.outcome === 'split' ? ' (split)' : ''}`);
  }
  const refundCents = resolution.outcome === 'pay_worker' ? 0 : Math.max(0, escrow - workerCents - feeCents);

  const [resolved] = await tx
    .update(disputes)
    .set({
      status: 'resolved',
      outcome: resolution.outcome,
      workerCents,
      refundCents,
      note: resolution.note ?? null,
      resolvedById: admin.user.id,
      resolvedAt: new Date(),
    })
    .where(eq(disputes.id, dispute.id))
    .returning();
  if (!resolved) throw new Error('dispute row vanished inside its resolution');
  await recordAdminAction(tx, admin, {
    action: 'dispute.resolve',
    target: { type: 'dispute', id: dispute.id },
    before: { status: 'open' },
    after: { outcome: resolution.outcome, workerCents, refundCents, feeCents },
  });
  const evidence = await loadEvidence(tx, [dispute.id]);
  const resource = toDisputeResource(resolved, evidence.get(dispute.id) ?? []);
  await emitDisputeEvent(tx, 'dispute.resolved', access, resource);
  return resource;
}

// A disputed task missed by migration 0019's backfill gets its row now, as that backfill writes it.
async function lockTaskDispute(tx: Tx, { task }: TaskAccess) {
  const [dispute] = await tx.select().from(disputes).where(eq(disputes.taskId, task.id)).for('update');
  if (dispute) return dispute;
  const [created] = await tx
    .insert(disputes)
    .values({
      taskId: task.id,
      openedById: task.requesterId,
      openedBy: 'requester',
      reason: 'Not recorded',
      details: 'Opened before disputes were recorded: the side that opened it is not known.',
    })
    .returning();
  if (!created) throw new Error('dispute insert returned no row');
  return created;
}
