import type { Executor } from '@/db/client';
import { legalAcceptances } from '@/db/schema';
import type { LegalSlug } from '@/lib/schemas/legal';
import { type LegalDocuments, legalDocuments } from './legal-documents';

export type RecordAcceptancesOptions = {
  userId: string;
  slugs: readonly LegalSlug[];
  ip?: string | null;
  documents?: LegalDocuments;
};

// A version already accepted keeps its first row: rows are never updated (a trigger refuses it).
export async function recordAcceptances(db: Executor, options: RecordAcceptancesOptions) {
  const { userId, slugs, ip = null, documents = legalDocuments() } = options;
  if (slugs.length === 0) return;
  await db
    .insert(legalAcceptances)
    .values(slugs.map((slug) => ({ userId, slug, version: documents[slug].version, ip })))
    .onConflictDoNothing({ target: [legalAcceptances.userId, legalAcceptances.slug, legalAcceptances.version] });
}
