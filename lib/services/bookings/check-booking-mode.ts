import type { Executor } from '@/db/client';
import { liveWorkersAmong } from '@/lib/services/workers/live-workers-among';
import { livemodeMismatch } from '@/lib/services/workers/livemode-mismatch';

export type CheckBookingModeOptions = { workerUserId: string; serviceId: string; livemode: boolean };

// A real person would turn up for test money, so a test-mode booking of a live worker's service is refused.
export async function checkBookingMode(db: Executor, { workerUserId, serviceId, livemode }: CheckBookingModeOptions) {
  if (livemode) return;
  if (!(await liveWorkersAmong(db, [workerUserId])).has(workerUserId)) return;
  throw livemodeMismatch('A test-mode credential cannot book a live worker', { serviceId, workerId: workerUserId });
}
