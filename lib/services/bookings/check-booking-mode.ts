import type { Executor } from '@/db/client';
import { liveWorkersAmong } from '@/lib/services/workers/live-workers-among';
import { livemodeMismatch } from '@/lib/services/workers/livemode-mismatch';

export type CheckBookingModeOptions = { workerUserId: string; serviceId: string; livemode: boolean };

/**
 * A test-mode booking (the funder's processor is test mode: a `lgw_test_` key) of a live worker's service is
 * refused with 403 LIVEMODE_MISMATCH before anything is held or charged: a real person would turn up for test
 * money. Live bookings, and any booking on a test deployment, pass.
 */
export async function checkBookingMode(db: Executor, { workerUserId, serviceId, livemode }: CheckBookingModeOptions) {
  if (livemode) return;
  if (!(await liveWorkersAmong(db, [workerUserId])).has(workerUserId)) return;
  throw livemodeMismatch('A test-mode credential cannot book a live worker', { serviceId, workerId: workerUserId });
}
