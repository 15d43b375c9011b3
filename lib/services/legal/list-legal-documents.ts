import { LEGAL_SLUGS } from '@/lib/schemas/legal';
import { type LegalDocuments, legalDocuments } from './legal-documents';

export function listLegalDocuments(documents: LegalDocuments = legalDocuments()) {
  return LEGAL_SLUGS.map((slug) => {
    const { title, version, effectiveAt } = documents[slug];
    return { slug, title, version, effectiveAt };
  });
}
