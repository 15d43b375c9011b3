import { index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { tasks } from './tasks';
import { users } from './users';

export const disputeStatus = pgEnum('dispute_status', ['open', 'resolved']);
/** Who spoke: one of the task's two sides, or staff (evidence only: admins never open a dispute). */
export const disputeParty = pgEnum('dispute_party', ['requester', 'worker', 'admin']);
export const disputeOutcome = pgEnum('dispute_outcome', ['refund', 'pay_worker', 'split']);

// A dispute over a task (DESIGN §5 "Disputes and admin"): opened by either side with POST /v1/tasks/{id}/dispute,
// resolved by an admin. A task is disputed at most once (disputed → resolved is terminal). The resolution
// columns are set together, in the transaction that moves the escrow.
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    openedById: uuid('opened_by_id')
      .notNull()
      .references(() => users.id),
    openedBy: disputeParty('opened_by').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: disputeStatus('status').notNull().default('open'),
    outcome: disputeOutcome('outcome'),
    // What the worker was paid (their budget share, before the fee) and what went back to the requester.
    workerCents: integer('worker_cents'),
    refundCents: integer('refund_cents'),
    note: text('note'),
    resolvedById: uuid('resolved_by_id').references(() => users.id),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disputes_task_id_key').on(t.taskId),
    index('disputes_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

// What each side (or an admin) put forward: text and their own uploads (photos, receipts).
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: id(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    by: disputeParty('by').notNull(),
    text: text('text').notNull(),
    uploadIds: uuid('upload_ids').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt, t.id)],
);

export type Dispute = typeof disputes.$inferSelect;
export type DisputeEvidence = typeof disputeEvidence.$inferSelect;
