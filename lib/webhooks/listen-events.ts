import type { Database, Unlisten } from '@/db/client';
import { EVENTS_CHANNEL } from '@/lib/events/emit-event';

/**
 * Calls `onEvent` whenever deliveries are queued (the `pg_notify` of emitEvent, postMessage, a test or a retry) and after the listening connection
 * comes back (to catch up on what was missed), over the database handle's one LISTEN connection — the same
 * one the message hub uses. Neon cannot hold a LISTEN, so there the caller's polling is all there is.
 */
export async function listenForEvents(database: Database, onEvent: () => void): Promise<Unlisten> {
  if (!database.listen) return async () => {};
  return database.listen(EVENTS_CHANNEL, { onNotify: onEvent, onReconnect: onEvent });
}
