import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import { queueDeliveriesSql } from '@/lib/events/queue-deliveries-sql';
import { TASK_CHANNEL } from '@/lib/realtime/task-channel';
import type { EventType } from './event-types';

/** The channel notified (payload: an event or delivery id) when deliveries are queued, so dispatchers wake without polling. */
export const EVENTS_CHANNEL = 'legwork_events';

export type EmitEventInput = {
  type: EventType;
  data: Record<string, unknown>;
  taskId?: string;
  /** User ids whose webhook endpoints receive the event (duplicates and nulls are dropped). */
  audience: (string | null | undefined)[];
  livemode: boolean;
};

export type EmittedEvent = { id: string; createdAt: Date; deliveries: number };

export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

/**
 * Writes an event to the outbox in the caller's transaction and, in the same statement, queues its deliveries
 * to the endpoints that take it, so both exist exactly when the change they report commits. The dispatchers'
 * wake-up rides on it too (sent at commit only, and only when something was queued).
 */
export async function emitEvent(tx: Executor, input: EmitEventInput): Promise<EmittedEvent> {
  // A status change wakes the waits on its task (MCP Tasks' await_task_status, lib/services/waits), at commit.
  const wakesTask = input.taskId !== undefined && input.type.startsWith('task.') ? input.taskId : null;
  const audience = [...new Set(input.audience.filter((id): id is string => Boolean(id)))];
  const [row] = await execute<{ id: string; created_at: Date | string; deliveries: number }>(
    tx,
    sql`
    with e as (
      insert into events (id, type, data, task_id, audience, livemode)
      values (${newEventId()}, ${input.type}, ${JSON.stringify(input.data)}::jsonb, ${input.taskId ?? null},
        ${`{${audience.join(',')}}`}::uuid[], ${input.livemode})
      returning id, type, audience, livemode, created_at
    ), queued as (${sql.raw(queueDeliveriesSql('e'))})
    select e.id, e.created_at, (select count(*) from queued)::int as deliveries,
      case when exists (select 1 from queued) then pg_notify(${EVENTS_CHANNEL}, e.id) end as woke,
      case when ${wakesTask}::text is not null then pg_notify(${TASK_CHANNEL}, ${wakesTask}::text) end as woke_task
    from e`,
  );
  if (!row) throw new Error('event insert returned no row');
  return { id: row.id, createdAt: new Date(row.created_at), deliveries: Number(row.deliveries) };
}
