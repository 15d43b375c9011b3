import { getBrowserUser } from '@/lib/api/next-auth';
import { type ResendVerification, VerifyEmailBanner } from './verify-email-banner';

/** What a signed-in human's pages remind them of: for now, an unverified email. */
export async function AccountBanners({ resendVerification }: { resendVerification: ResendVerification }) {
  const current = await getBrowserUser();
  if (!current || current.user.emailVerified) return null;
  return <VerifyEmailBanner email={current.user.email} resend={resendVerification} />;
}
