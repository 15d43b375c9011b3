import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskAssignments, workerAvailabilityExceptions, workerAvailabilityRules, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { hhmm } from '@/lib/workers/hhmm';
import { toWorkerProfile } from './to-worker-profile';

export type GetWorkerProfileOptions = { viewerId: string; workerId: string; isAdmin?: boolean };

// Listed or not: listing governs search only, so a requester keeps sight of a worker who unlisted after accepting
// their task. Only the owner sees the exact location.
export async function getWorkerProfile(db: Executor, { viewerId, workerId, isAdmin = false }: GetWorkerProfileOptions) {
  const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.id, workerId));
  if (!row) {
    throw new ApiError('NOT_FOUND', {
      message: 'No such worker',
      hint: 'Check the id: it is the worker profile’s `id` from GET /v1/workers, not a user id.',
    });
  }
  const [rules, exceptions, noShows] = await Promise.all([
    db
      .select()
      .from(workerAvailabilityRules)
      .where(eq(workerAvailabilityRules.workerId, workerId))
      .orderBy(asc(workerAvailabilityRules.dayOfWeek), asc(workerAvailabilityRules.startMinute)),
    db
      .select()
      .from(workerAvailabilityExceptions)
      .where(eq(workerAvailabilityExceptions.workerId, workerId))
      .orderBy(asc(workerAvailabilityExceptions.date), asc(workerAvailabilityExceptions.startMinute)),
    isAdmin ? noShowCount(db, row.userId) : undefined,
  ]);
  return {
    ...toWorkerProfile(row, viewerId),
    ...(noShows === undefined ? {} : { noShowCount: noShows }),
    availability: {
      weekly: rules.map((rule) => ({
        dayOfWeek: rule.dayOfWeek,
        start: hhmm(rule.startMinute),
        end: hhmm(rule.endMinute),
        timeZone: rule.timeZone,
      })),
      exceptions: exceptions.map((exception) => ({
        date: exception.date,
        available: exception.available,
        start: exception.startMinute === null ? null : hhmm(exception.startMinute),
        end: exception.endMinute === null ? null : hhmm(exception.endMinute),
        timeZone: exception.timeZone,
      })),
    },
  };
}

async function noShowCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.workerId, userId), eq(taskAssignments.endReason, 'no_show')));
  return Number(row?.n ?? 0);
}
