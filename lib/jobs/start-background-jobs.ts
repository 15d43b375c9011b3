import { getDatabase } from '@/db/client';
import { logger } from '@/lib/logger';
import { sweepExpiredRows } from './sweep-expired-rows';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Opens the database (applying migrations) as the server boots, then starts the periodic jobs. */
export async function startBackgroundJobs(): Promise<void> {
  const database = await getDatabase();
  const sweep = () =>
    sweepExpiredRows(database).catch((error) => logger.error('sweeping expired rows failed', { error }));
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  await sweep();
}
