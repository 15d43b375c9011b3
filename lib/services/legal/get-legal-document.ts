import { ApiError } from '@/lib/errors/api-error';
import { isLegalSlug, type LegalDocument, type LegalDocuments, legalDocuments } from './legal-documents';

export function getLegalDocument(slug: string, documents: LegalDocuments = legalDocuments()): LegalDocument {
  if (!isLegalSlug(slug)) throw new ApiError('NOT_FOUND', { message: 'No legal document with this slug' });
  return documents[slug];
}
