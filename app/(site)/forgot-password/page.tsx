import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password' };

export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  // Where the human was going (a pending claim): carried through the reset email and back after logging in.
  const next = safeNextPath((await searchParams).next, env().SITE_URL);
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader
        title="Forgot your password?"
        description="Enter your email and we will send you a link to choose a new one."
      />
      <ForgotPasswordForm next={next} />
      <p className="text-sm text-stone-600">
        Remembered it?{' '}
        <Link href={next === '/dashboard' ? '/login' : `/login?next=${encodeURIComponent(next)}`} className="underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
