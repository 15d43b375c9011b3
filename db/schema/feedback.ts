import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { tasks } from './tasks';
import { users } from './users';

export const feedbackKind = pgEnum('feedback_kind', ['bug', 'idea', 'praise', 'complaint', 'other']);

// What a person or an agent told us (POST /v1/feedback), read by admins. `userId` is the caller's user (an
// agent's own user for an API key); `apiKeyId` the key it came with, if any.
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id'),
    kind: feedbackKind('kind').notNull(),
    message: text('message').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    rating: integer('rating'),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt, t.id),
    index('feedback_kind_created_idx').on(t.kind, t.createdAt, t.id),
    check('feedback_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export type Feedback = typeof feedback.$inferSelect;
