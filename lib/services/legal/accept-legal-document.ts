import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { legalAcceptances } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { LEGAL_SLUGS } from '@/lib/schemas/legal';
import { isLegalSlug, type LegalDocuments, legalDocuments } from './legal-documents';
import { recordAcceptances } from './record-acceptances';
import { toLegalAcceptance } from './to-legal-acceptance';

export type AcceptLegalDocumentOptions = {
  userId: string;
  slug: string;
  version: string;
  ip?: string | null;
  documents?: LegalDocuments;
};

// Accepting it again answers the first row.
export async function acceptLegalDocument(db: Executor, options: AcceptLegalDocumentOptions) {
  const { userId, slug, version, ip, documents = legalDocuments() } = options;
  if (!isLegalSlug(slug)) throw new ApiError('LEGAL_DOCUMENT_UNKNOWN', { details: { slug, slugs: [...LEGAL_SLUGS] } });
  const currentVersion = documents[slug].version;
  if (version !== currentVersion) {
    throw new ApiError('LEGAL_VERSION_OUTDATED', { details: { slug, currentVersion } });
  }
  await recordAcceptances(db, { userId, slugs: [slug], ip, documents });
  const [row] = await db
    .select()
    .from(legalAcceptances)
    .where(
      and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.slug, slug), eq(legalAcceptances.version, version)),
    );
  if (!row) throw new Error('legal acceptance vanished after insert');
  return toLegalAcceptance(row);
}
