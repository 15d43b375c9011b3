import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { tasks } from './tasks';
import { users } from './users';

export const reviewSide = pgEnum('review_side', ['requester', 'worker']);

// After a task completes, each side may review the other once: `side` is the reviewer's side.
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    side: reviewSide('side').notNull(),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_task_side_key').on(t.taskId, t.side),
    index('reviews_reviewee_created_idx').on(t.revieweeId, t.createdAt, t.id),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export type Review = typeof reviews.$inferSelect;
