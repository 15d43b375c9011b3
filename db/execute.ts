import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from './database';

/**
 * Runs raw SQL on a database or transaction and returns its rows as `Row` (the caller names the columns its
 * statement selects). Drizzle types a raw result per driver; every driver we use (pg, PGlite, Neon) answers
 * `{rows}`: read here, once, so no caller casts.
 */
export async function execute<Row extends Record<string, unknown>>(
  db: Executor,
  query: SQLWrapper | string,
): Promise<Row[]> {
  const result: unknown = await db.execute<Row>(query);
  return (result as { rows: Row[] }).rows;
}
