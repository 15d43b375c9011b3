import pg from 'pg';
import type { Database } from '@/db/client';
import { EVENTS_CHANNEL } from '@/lib/events/emit-event';
import { logger } from '@/lib/logger';

/**
 * Calls `onEvent` whenever an event is emitted (`pg_notify` in emitEvent), on drivers that can listen: a
 * dedicated `pg` connection (reconnected after a drop), or PGlite's in-process notifications. Neon's pool
 * cannot hold a LISTEN, so there the caller's polling is all there is. Returns a function that stops it.
 */
export async function listenForEvents(database: Database, onEvent: () => void): Promise<() => Promise<void>> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.driver === 'pglite') {
    const pglite = client as { listen(channel: string, callback: () => void): Promise<() => Promise<void>> };
    return pglite.listen(EVENTS_CHANNEL, onEvent);
  }
  if (database.driver !== 'pg') return async () => {};
  const options = (client as pg.Pool).options;
  let stopped = false;
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ ...options });
    next.on('notification', onEvent);
    next.on('error', (error) => {
      logger.warn('webhook dispatcher lost its LISTEN connection; reconnecting', { error });
      next.end().catch(() => {});
      if (connection === next) connection = undefined;
      retry = setTimeout(connect, 1000);
      retry.unref();
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
      connection = next;
      // Anything emitted while we were not listening is picked up by this catch-up run (and the poll).
      onEvent();
    } catch (error) {
      logger.warn('webhook dispatcher could not LISTEN; polling only until it can', { error });
      await next.end().catch(() => {});
      retry = setTimeout(connect, 5000);
      retry.unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await connection?.end().catch(() => {});
  };
}
