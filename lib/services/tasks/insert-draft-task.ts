import type { Executor } from '@/db/client';
import { tasks } from '@/db/schema';
import type { TaskBody } from '@/lib/schemas/tasks';
import { DEFAULT_AUTO_APPROVE_AFTER_MINUTES, DEFAULT_PROOF_RADIUS_METERS } from '@/lib/tasks/proof-verification';
import { PROPOSAL_DEFAULTS, priceTask } from '@/lib/tasks/task-rules';

const DAY_MS = 24 * 60 * 60 * 1000;

export type InsertDraftTaskOptions = {
  requesterId: string;
  body: TaskBody;
  livemode: boolean;
  /** The worker holds the slot while the booking is paid for. */
  booking?: { serviceId: string; startsAt: Date; workerId: string };
  /** The creating request's key: a retry after a crash finds this draft by it (create-task.ts). */
  creation?: CreationKey;
  /** An occurrence of a recurring task, perhaps offered first to one worker (create-occurrence-task.ts). */
  series?: { seriesId: string; occurrenceAt: Date; reservedForWorkerId: string | null; reservedUntil: Date | null };
};

/** A creating request's Idempotency-Key and body, each as SHA-256 hex. */
export type CreationKey = { key: string; requestHash: string };

export async function insertDraftTask(
  db: Executor,
  { requesterId, body, livemode, booking, creation, series }: InsertDraftTaskOptions,
) {
  const [task] = await db
    .insert(tasks)
    .values({
      requesterId,
      title: body.title,
      description: body.description ?? null,
      category: body.category ?? PROPOSAL_DEFAULTS.category,
      lat: body.location?.lat ?? null,
      lng: body.location?.lng ?? null,
      address: body.location?.address ?? null,
      placePrecision: body.location ? (body.location.precision ?? 'point') : null,
      ...priceTask(body.budgetCents ?? PROPOSAL_DEFAULTS.budgetCents),
      deadline: body.deadline
        ? new Date(body.deadline)
        : new Date(Date.now() + PROPOSAL_DEFAULTS.deadlineDays * DAY_MS),
      requiredSkills: body.requiredSkills ?? [],
      proofRequirements: [...new Set(body.proofRequirements ?? [])],
      instructions: body.instructions ?? null,
      proofRadiusMeters: body.proofRadiusMeters ?? DEFAULT_PROOF_RADIUS_METERS,
      requiredChecks: [...new Set(body.requiredChecks ?? [])],
      autoApprove: body.autoApprove ?? 'never',
      autoApproveAfterMinutes: body.autoApproveAfterMinutes ?? DEFAULT_AUTO_APPROVE_AFTER_MINUTES,
      acceptBy: body.acceptBy ? new Date(body.acceptBy) : null,
      acceptWithinMinutes: body.acceptWithinMinutes ?? null,
      livemode,
      ...booking,
      ...series,
      creationKey: creation?.key,
      creationRequestHash: creation?.requestHash,
    })
    .returning();
  if (!task) throw new Error('task insert returned no row');
  return task;
}
