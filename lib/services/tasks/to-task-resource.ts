import type { Task } from '@/db/schema';
import { uploadUrl } from '@/lib/services/uploads/upload-url';
import { cancellationPolicyValues, cancelTerms, lateCancelFeeCents } from '@/lib/tasks/cancellation-policy';
import { canTake, noShowFrom, reviewDueAt } from '@/lib/tasks/task-transitions';
import type { TaskSide } from './side-of';

const iso = (date: Date | null) => date?.toISOString() ?? null;

// Private `instructions` only for the task's two sides, never a listed worker browsing posted tasks.
export function toTaskResource(task: Task, viewer: { side: TaskSide | null } = { side: null }) {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    category: task.category,
    location:
      task.lat !== null && task.lng !== null
        ? { lat: task.lat, lng: task.lng, address: task.address, precision: task.placePrecision ?? 'address' }
        : null,
    budgetCents: task.budgetCents,
    platformFeeCents: task.platformFeeCents,
    totalCents: task.totalCents,
    currency: 'usd' as const,
    deadline: task.deadline.toISOString(),
    requiredSkills: task.requiredSkills,
    proofRequirements: task.proofRequirements,
    proofRadiusMeters: task.proofRadiusMeters,
    requiredChecks: task.requiredChecks,
    autoApprove: task.autoApprove,
    autoApproveAfterMinutes: task.autoApproveAfterMinutes,
    ...(viewer.side ? { instructions: task.instructions } : {}),
    status: task.status,
    livemode: task.livemode,
    requesterId: task.requesterId,
    workerId: task.workerId,
    fundingSource: task.fundingSource,
    revisionCount: task.revisionCount,
    proof: task.submittedAt
      ? {
          note: task.proofNote,
          photos: task.proofPhotoIds.map((id) => ({ id, url: uploadUrl(id) })),
          location:
            task.proofLat !== null && task.proofLng !== null ? { lat: task.proofLat, lng: task.proofLng } : null,
          distanceMeters: task.proofDistanceMeters,
          verification: task.proofVerification ?? null,
          submittedAt: task.submittedAt.toISOString(),
        }
      : null,
    reviewDueAt: task.status === 'submitted' ? iso(reviewDueAt(task)) : null,
    acceptBy: iso(task.acceptBy),
    acceptWithinMinutes: task.acceptWithinMinutes,
    cancellationPolicy: cancellationPolicyOf(task),
    publishedAt: iso(task.publishedAt),
    acceptedAt: iso(task.acceptedAt),
    submittedAt: iso(task.submittedAt),
    completedAt: iso(task.completedAt),
    cancelledAt: iso(task.cancelledAt),
    cancellationFeeCents: task.cancellationFeeCents,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    ...(task.seriesId
      ? {
          seriesId: task.seriesId,
          occurrenceAt: iso(task.occurrenceAt) ?? undefined,
          reservedUntil: task.reservedForWorkerId ? iso(task.reservedUntil) : null,
        }
      : {}),
  };
}

function cancellationPolicyOf(task: Task) {
  const policy = cancellationPolicyValues();
  const terms = cancelTerms(task, new Date(), policy);
  const accepted = task.status === 'accepted';
  // An unfunded draft refunds nothing; a funded task's escrow holds its total.
  const heldCents = task.status === 'draft' ? 0 : task.totalCents;
  return {
    ...policy,
    lateFeeCents: lateCancelFeeCents(task.budgetCents, policy),
    freeUntil: accepted ? iso(terms.freeUntil) : null,
    noShowFrom: accepted ? noShowFrom(task).toISOString() : null,
    ifCancelledNow: canTake('cancel', task)
      ? { reason: terms.reason, feeCents: terms.feeCents, refundCents: heldCents - terms.feeCents }
      : null,
  };
}
