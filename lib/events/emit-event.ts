import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
 * commits; the webhook dispatcher delivers it from there.
 */
export async function emitEvent(tx: DbOrTx, input: EmitEventInput) {
  const audience = [...new Set(input.audience.filter((id): id is string => Boolean(id)))];
  const [event] = await tx
    .insert(events)
    .values({
      id: newEventId(),
      type: input.type,
      data: input.data,
      taskId: input.taskId ?? null,
      audience,
      livemode: input.livemode,
    })
    .returning();
  if (!event) throw new Error('event insert returned no row');
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${event.id})`);
  return event;
}
