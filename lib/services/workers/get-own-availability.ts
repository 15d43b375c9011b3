import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerAvailabilityExceptions, workerAvailabilityRules } from '@/db/schema';
import { hhmm } from '@/lib/workers/hhmm';

// The schedule as PUT /v1/workers/me/availability takes it (times as HH:MM), so an editor of the weekly windows can
// send the exceptions back unchanged. The API writes one zone for every row; the first row's stands for all.
export async function getOwnAvailability(db: Executor, { profileId }: { profileId: string }) {
  const [rules, exceptions] = await Promise.all([
    db
      .select()
      .from(workerAvailabilityRules)
      .where(eq(workerAvailabilityRules.workerId, profileId))
      .orderBy(workerAvailabilityRules.dayOfWeek, workerAvailabilityRules.startMinute),
    db
      .select()
      .from(workerAvailabilityExceptions)
      .where(eq(workerAvailabilityExceptions.workerId, profileId))
      .orderBy(workerAvailabilityExceptions.date, workerAvailabilityExceptions.startMinute),
  ]);
  return {
    timeZone: rules[0]?.timeZone ?? exceptions[0]?.timeZone ?? null,
    weekly: rules.map((rule) => ({
      dayOfWeek: rule.dayOfWeek,
      start: hhmm(rule.startMinute),
      end: hhmm(rule.endMinute),
    })),
    exceptions: exceptions.map((exception) => ({
      date: exception.date,
      available: exception.available,
      ...(exception.startMinute === null || exception.endMinute === null
        ? {}
        : { start: hhmm(exception.startMinute), end: hhmm(exception.endMinute) }),
    })),
  };
}
