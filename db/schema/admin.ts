import { index, inet, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

export const credentialKind = pgEnum('credential_kind', ['session', 'api_key']);

// Every admin action (DESIGN §5 "Disputes and admin"), written in the same transaction as the change it
// records: who, what, on which target, a before/after summary, from which address. Rows are never updated.
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    // A dotted verb: `user.suspend`, `dispute.resolve`, `intake.reply`, …
    action: text('action').notNull(),
    // What it acted on: `user`, `dispute`, `intake_conversation`, … and its id.
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: inet('ip'),
    // The credential it acted with (`session` and the session row's id; admin powers need a session, so `api_key`
    // never appears today, but the column says so rather than assuming). Null on rows written before it existed.
    credentialKind: credentialKind('credential_kind'),
    credentialId: uuid('credential_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt, t.id),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
