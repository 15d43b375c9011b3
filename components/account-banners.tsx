import { getBrowserUser } from '@/lib/api/next-auth';
import { TestModeBanner } from './test-mode-banner';
import { type ResendVerification, VerifyEmailBanner } from './verify-email-banner';

/** What a signed-in human's pages remind them of: test mode (no live processor) and an unverified email. */
export async function AccountBanners({ resendVerification }: { resendVerification: ResendVerification }) {
  const current = await getBrowserUser();
  if (!current) return null;
  return (
    <>
      <TestModeBanner />
      {!current.user.emailVerified && <VerifyEmailBanner email={current.user.email} resend={resendVerification} />}
    </>
  );
}
