import type { Metadata } from 'next';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { hasPassword } from '@/lib/services/users/has-password';
import { NameForm, PasswordForm } from './settings-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings' };

// The account of the signed-in human: name, email and whether it is verified, password.
export default async function SettingsPage() {
  const { user } = await requireBrowserUser('/settings');
  const { db } = await getDatabase();
  const withPassword = await hasPassword(db, user.id);
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Your account, as workers and requesters see it." />
      <Card title="Name" description="Shown to the people you hire or work for.">
        <NameForm name={user.name} />
      </Card>
      <Card title="Email" testId="email-card">
        <p className="text-sm">
          <span className="font-medium">{user.email}</span>{' '}
          {user.emailVerified ? (
            <span className="rounded bg-emerald-100 px-2 py-0.5 text-emerald-800">Verified</span>
          ) : (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">Not verified</span>
          )}
        </p>
        {!user.emailVerified && <VerifyEmailBanner email={user.email} resend={resendVerificationAction} />}
      </Card>
      <Card
        title="Password"
        description={
          withPassword
            ? 'Changing it signs you out everywhere else; this browser stays signed in.'
            : 'Your account has no password yet: set one to log in from another browser.'
        }
      >
        <PasswordForm hasPassword={withPassword} />
      </Card>
    </div>
  );
}
