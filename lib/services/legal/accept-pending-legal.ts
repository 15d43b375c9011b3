import type { Db } from '@/db/client';
import { findPendingLegal } from './find-pending-legal';
import type { LegalDocuments } from './legal-documents';
import { recordAcceptances } from './record-acceptances';

export type AcceptPendingLegalOptions = { userId: string; ip: string | null; documents?: LegalDocuments };

export async function acceptPendingLegal(db: Db, options: AcceptPendingLegalOptions) {
  const { userId, ip, documents } = options;
  return db.transaction(async (tx) => {
    const slugs = await findPendingLegal(tx, { userId, documents });
    await recordAcceptances(tx, { userId, slugs, ip, documents });
    return slugs;
  });
}
