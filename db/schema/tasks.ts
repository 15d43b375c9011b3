import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const taskStatus = pgEnum('task_status', [
  'draft',
  'posted',
  'accepted',
  'submitted',
  'disputed',
  'completed',
  'cancelled',
  'expired',
  'resolved',
]);

// A job a requester (an agent or a human) pays a worker to do. Money fields are integer cents:
// `budgetCents` is what the worker earns, `platformFeeCents` the 15% fee, `totalCents` what is charged.
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    // Null coordinates = a remote task.
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    budgetCents: integer('budget_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    deadline: timestamptz('deadline').notNull(),
    requiredSkills: text('required_skills').array().notNull().default([]),
    proofRequirements: text('proof_requirements').array().notNull().default([]),
    // Private: shown only to the assigned worker.
    instructions: text('instructions'),
    status: taskStatus('status').notNull().default('draft'),
    livemode: boolean('livemode').notNull(),
    workerId: uuid('worker_id').references(() => users.id),
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_requester_created_idx').on(t.requesterId, t.createdAt, t.id),
    index('tasks_status_idx').on(t.status),
    check('tasks_money_consistent', sql`${t.totalCents} = ${t.budgetCents} + ${t.platformFeeCents}`),
  ],
);

export type Task = typeof tasks.$inferSelect;
