import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { PageHeader } from '@/components/ui/page-header';
import { getBrowserUser } from '@/lib/web/next-auth';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign up' };

export default async function SignupPage() {
  if (await getBrowserUser()) redirect('/dashboard');
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader title="Create your account" />
      <AuthForm mode="signup" />
      <p className="text-sm text-stone-600">
        Already have an account?{' '}
        <Link href="/login" className="underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
