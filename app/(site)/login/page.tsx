import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import { getBrowserUser } from '@/lib/web/next-auth';
import { forgotPasswordHref } from '../forgot-password/forgot-password-href';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Log in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  // Only a path on this site (`/claim/…`), never another origin (`//evil.example`, `/\evil.example`).
  const next = safeNextPath((await searchParams).next, env().SITE_URL);
  if (await getBrowserUser()) redirect(next);
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader title="Log in" />
      {(await searchParams).reset === '1' && (
        <Notice tone="success">
          Your password was changed and every device was signed out. Log in with the new password.
        </Notice>
      )}
      <AuthForm mode="login" next={next} />
      <p className="text-sm text-stone-600">
        <Link href={forgotPasswordHref(next)} className="underline">
          Forgot password?
        </Link>
      </p>
      <p className="text-sm text-stone-600">
        New here?{' '}
        <Link
          href={next === '/dashboard' ? '/signup' : `/signup?next=${encodeURIComponent(next)}`}
          className="underline"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
