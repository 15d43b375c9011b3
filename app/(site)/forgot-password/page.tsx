import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader
        title="Forgot your password?"
        description="Enter your email and we will send you a link to choose a new one."
      />
      <ForgotPasswordForm />
      <p className="text-sm text-stone-600">
        Remembered it?{' '}
        <Link href="/login" className="underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
