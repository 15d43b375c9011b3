import { getDatabase } from '@/db/client';
import { findPendingLegal } from '@/lib/services/legal/find-pending-legal';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { getBrowserUser } from '@/lib/web/next-auth';
import { type AcceptLegal, LegalBanner } from './legal-banner';
import { TestModeBanner } from './test-mode-banner';
import { type ResendVerification, VerifyEmailBanner } from './verify-email-banner';

/**
 * What a signed-in human's pages remind them of: test mode (no live processor), an unverified email, and legal
 * documents whose current version they have not accepted.
 */
export async function AccountBanners({
  resendVerification,
  acceptLegal,
}: {
  resendVerification: ResendVerification;
  acceptLegal: AcceptLegal;
}) {
  const current = await getBrowserUser();
  if (!current) return null;
  const { db } = await getDatabase();
  const documents = legalDocuments();
  const pending = await findPendingLegal(db, { userId: current.user.id, documents });
  return (
    <>
      <TestModeBanner />
      {!current.user.emailVerified && <VerifyEmailBanner email={current.user.email} resend={resendVerification} />}
      {pending.length > 0 && (
        <LegalBanner documents={pending.map((slug) => ({ slug, title: documents[slug].title }))} accept={acceptLegal} />
      )}
    </>
  );
}
