import { index, inet, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { users } from './users';

// Who accepted which version of which legal document (DESIGN §5 "Legal and usage"), and from where. Rows are
// never updated or deleted (a trigger refuses both: migration 0022): a new version is a new row.
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    // `terms`, `privacy`, `worker-agreement`: the documents in legal/ (front matter: version, effective date).
    slug: text('slug').notNull(),
    version: text('version').notNull(),
    ip: inet('ip'),
    acceptedAt: timestamptz('accepted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('legal_acceptances_user_doc_version_key').on(t.userId, t.slug, t.version),
    index('legal_acceptances_user_idx').on(t.userId),
  ],
);

export type LegalAcceptance = typeof legalAcceptances.$inferSelect;
