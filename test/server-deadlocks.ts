import { getDatabase } from '@/db/client';

/**
 * Deadlocks PostgreSQL has detected in the test database so far. Its statistics are flushed a moment after a
 * backend goes idle, so this waits for them to settle first. A deadlock retried away still counts here.
 */
export async function serverDeadlocks(): Promise<number> {
  const { query } = await getDatabase();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const [row] = await query<{ deadlocks: string }>(
    'test_deadlocks',
    'select deadlocks from pg_stat_database where datname = current_database()',
    [],
  );
  return Number(row?.deadlocks ?? 0);
}
