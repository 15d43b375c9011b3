import type { Db } from '@/db/client';
import { fundDueOccurrences } from './fund-due-occurrences';
import { planDueOccurrences } from './plan-due-occurrences';
import { releaseTaskReservations } from './release-task-reservations';

/**
 * One round of the recurring-task job: plans every due occurrence (in batches), creates and funds the pending
 * ones, and opens lapsed reservations to everyone. Safe to run twice at once or again after a crash.
 */
export async function runTaskSeries(db: Db, { signal }: { signal?: AbortSignal } = {}) {
  const counts = { planned: 0, created: 0, paused: 0, failed: 0, released: 0 };
  for (;;) {
    const batch = await planDueOccurrences(db);
    counts.planned += batch.occurrences;
    if (batch.series === 0 || signal?.aborted) break;
  }
  for (;;) {
    const funded = await fundDueOccurrences(db);
    counts.created += funded.created;
    counts.paused += funded.paused;
    counts.failed += funded.failed;
    const done = funded.created + funded.paused + funded.dropped + funded.failed;
    if (done === 0 || funded.failed === done || signal?.aborted) break;
  }
  counts.released = await releaseTaskReservations(db);
  return counts;
}
