import type { Metadata } from 'next';
import Link from 'next/link';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import { findEmailToken } from '@/lib/services/users/find-email-token';
import { forgotPasswordHref } from '../../forgot-password/forgot-password-href';
import { ResetPasswordForm } from './reset-password-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Reset password', robots: { index: false } };

const DEAD_LINK = {
  missing: 'This reset link is not valid. Copy the whole link from the email, or ask for a new one.',
  expired: 'This reset link has expired: links work for 1 hour. Ask for a new one.',
  used: 'This reset link has already been used. Ask for a new one if you still need it.',
};

// Opening the page only looks the link up; the link is used up when the form is sent, so a mail scanner
// that follows links cannot spend it.
export default async function ResetPasswordPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  const { token } = await params;
  const next = safeNextPath((await searchParams).next, env().SITE_URL);
  const { db } = await getDatabase();
  const link = await findEmailToken(db, { token, purpose: 'reset_password' });
  const dead = !link ? DEAD_LINK.missing : link.state === 'open' ? undefined : DEAD_LINK[link.state];
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader title="Choose a new password" />
      {dead ? (
        <div className="space-y-3">
          <Notice tone="error">{dead}</Notice>
          <Link href={forgotPasswordHref(next)} className="text-sm underline">
            Send a new reset link
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm text-stone-600">
            For <span className="font-medium">{link?.email}</span>. Every device signed in to this account will be
            signed out.
          </p>
          <ResetPasswordForm token={token} next={next} />
        </>
      )}
    </div>
  );
}
