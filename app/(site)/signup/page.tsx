import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { PageHeader } from '@/components/ui/page-header';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import { getBrowserUser } from '@/lib/web/next-auth';
import { ROLE_DESTINATIONS, signUpRoleOf } from '@/lib/web/sign-up-role';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign up' };

// `?role=worker` (the landing page's "Earn" link) preselects a role; a `next` path on this site wins over it.
export default async function SignupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const role = signUpRoleOf(params.role);
  const next = params.next === undefined ? undefined : safeNextPath(params.next, env().SITE_URL);
  if (await getBrowserUser()) redirect(next ?? (role ? ROLE_DESTINATIONS[role] : '/dashboard'));
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageHeader title="Create your account" />
      <AuthForm mode="signup" next={next} role={role} />
      <p className="text-sm text-stone-600">
        Already have an account?{' '}
        <Link href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
