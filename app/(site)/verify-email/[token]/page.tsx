import type { Metadata } from 'next';
import Link from 'next/link';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { ApiError, type ErrorCode } from '@/lib/errors/api-error';
import { verifyEmail } from '@/lib/services/users/verify-email';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { getBrowserUser } from '@/lib/web/next-auth';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Verify your email', robots: { index: false } };

const FAILURES: Partial<Record<ErrorCode, string>> = {
  EMAIL_LINK_NOT_FOUND: 'This verification link is not valid. Copy the whole link from the newest email.',
  EMAIL_LINK_EXPIRED: 'This verification link has expired: links work for 24 hours.',
  EMAIL_LINK_USED: 'This verification link has already been used. If you opened it before, your email is verified.',
};

// The link from the verification email. The token alone proves the mailbox, so it verifies its own account
// whoever this browser is signed in as, or when no one is: opening it from a phone's mail app works too.
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await getDatabase();
  // A first verification signs out the account's other sessions; this browser's stays (another account's is not
  // touched).
  const browser = await getBrowserUser();
  const result = await verifyEmail(db, token, { sessionId: browser?.sessionId }).catch((error: unknown) => {
    if (error instanceof ApiError && FAILURES[error.code]) return { failure: FAILURES[error.code] };
    throw error;
  });
  const signedIn = Boolean(browser);
  // Someone part-way through worker onboarding goes back to it, not to the requester's dashboard.
  const worker = browser ? await getOwnWorkerProfile(db, browser.user.id) : undefined;
  const onward = !browser
    ? { href: '/login', label: 'Log in' }
    : worker
      ? { href: '/worker/onboarding', label: 'Continue worker onboarding' }
      : { href: '/dashboard', label: 'Go to your dashboard' };
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader title={'failure' in result ? 'Email not verified' : 'Email verified'} />
      {'failure' in result ? (
        <Notice tone="error">
          {result.failure}{' '}
          {signedIn ? 'The banner on your dashboard sends a new link.' : 'Log in to ask for a new link.'}
        </Notice>
      ) : (
        <Notice tone="success" testId="email-verified">
          Thanks: <span className="font-medium">{result.email}</span> is verified.
        </Notice>
      )}
      <Link href={onward.href} className="text-sm underline">
        {onward.label}
      </Link>
    </div>
  );
}
