import { randomBytes } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { events } from '@/db/schema';
import type { EventType } from './event-types';

/** The channel `emitEvent` notifies on (payload: the event id), so dispatchers wake without polling. */
export const EVENTS_CHANNEL = 'legwork_events';

export type EmitEventInput = {
  type: EventType;
  data: Record<string, unknown>;
  taskId?: string;
  /** User ids whose webhook endpoints receive the event (duplicates and nulls are dropped). */
  audience: (string | null | undefined)[];
  livemode: boolean;
};

export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

/**
 * Writes an event to the outbox in the caller's transaction, so it exists exactly when the change it reports
 * commits; the webhook dispatcher delivers it from there. The dispatchers' wake-up rides on the insert (sent at
 * commit only).
 */
export async function emitEvent(tx: DbOrTx, input: EmitEventInput) {
  const [row] = await tx
    .insert(events)
    .values({
      id: newEventId(),
      type: input.type,
      data: input.data,
      taskId: input.taskId ?? null,
      audience: [...new Set(input.audience.filter((id): id is string => Boolean(id)))],
      livemode: input.livemode,
    })
    .returning({ ...getTableColumns(events), notified: sql<string>`pg_notify(${EVENTS_CHANNEL}, ${events.id})` });
  if (!row) throw new Error('event insert returned no row');
  const { notified: _, ...event } = row;
  return event;
}
