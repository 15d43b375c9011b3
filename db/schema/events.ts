import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The outbox: every event the platform emits (`task.<status>`, `task.message.created`, `payment.*`), written in
// the same transaction as the change it reports, together with its webhook deliveries to the endpoints of its
// `audience` (user ids: agents, operators, workers; lib/events/queue-deliveries-sql.ts).
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
  },
  (t) => [index('events_task_created_idx').on(t.taskId, t.createdAt)],
);

export type Event = typeof events.$inferSelect;
