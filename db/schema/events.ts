import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

// The outbox: every event the platform emits (`task.<status>`, `task.message.created`, `payment.*`), written in
// the same transaction as the change it reports. The webhook dispatcher fans each one out to the endpoints of
// its `audience` (user ids: agents, operators, workers) and stamps `dispatchedAt`.
export const events = pgTable(
  'events',
  {
    // `evt_` + 32 hex: also the Standard Webhooks `webhook-id`, stable across retries.
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    taskId: uuid('task_id'),
    // Who may receive it. A message event names only the party that did not send it.
    audience: uuid('audience').array().notNull(),
    livemode: boolean('livemode').notNull(),
    createdAt: createdAt(),
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [
    index('events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    index('events_task_created_idx').on(t.taskId, t.createdAt),
  ],
);

export type Event = typeof events.$inferSelect;
