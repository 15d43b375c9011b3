import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { taskAssignments, tasks } from './tasks';
import { users } from './users';

// The 1:1 thread of a task between its requester side and its assigned worker; opens at acceptance, one per
// assignment.
export const taskMessages = pgTable(
  'task_messages',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    // The worker's assignment the message was written in; the worker reads only their own assignment's
    // messages, the requester side all of them. Null only for messages older than assignments.
    assignmentId: uuid('assignment_id').references(() => taskAssignments.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    // SHA-256 of the sender's Idempotency-Key: a retry after a crash (the key's lock expired, its answer never
    // stored) finds this message instead of posting it twice (post-message.ts).
    creationKey: text('creation_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_messages_task_created_idx').on(t.taskId, t.createdAt, t.id),
    uniqueIndex('task_messages_creation_key').on(t.senderId, t.creationKey).where(sql`${t.creationKey} is not null`),
  ],
);

// How far each participant has read a thread.
export const taskThreadReads = pgTable(
  'task_thread_reads',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: uuid('last_read_message_id').references(() => taskMessages.id),
    lastReadAt: timestamptz('last_read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] })],
);

// A batched message notification waiting for its recipient (docs/messaging.md "Message notifications"): one row
// per recipient and thread, however many messages arrive, so a message costs one upsert and not an email. Due
// NOTIFY_UNREAD_AFTER_SECONDS after the first unread message; reading or answering the thread deletes it.
export const messageDigests = pgTable(
  'message_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    firstUnreadAt: timestamptz('first_unread_at').notNull(),
    dueAt: timestamptz('due_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index('message_digests_due_idx').on(t.dueAt)],
);

export type TaskMessage = typeof taskMessages.$inferSelect;
