import type { Metadata } from 'next';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { getDatabase } from '@/db/client';
import { hasPassword } from '@/lib/services/users/has-password';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { NameForm, PasswordForm, PhoneCodeForm, PhoneForm, RemovePhoneForm } from './settings-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings' };

// The account of the signed-in human: name, email and whether it is verified, phone number, password.
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
        title="Phone"
        description="Only a verified number gets text messages (you choose which in your notification settings)."
        testId="phone-card"
      >
        {user.phone ? (
          <p className="text-sm">
            <span className="font-medium">{user.phone}</span>{' '}
            <span className="rounded bg-emerald-100 px-2 py-0.5 text-emerald-800">Verified</span>
          </p>
        ) : (
          !user.pendingPhone && <p className="text-sm text-stone-600">No phone number yet.</p>
        )}
        {user.pendingPhone && (
          <>
            <Notice tone="info" testId="phone-pending">
              We texted a code to {user.pendingPhone}. Enter it within 10 minutes.
            </Notice>
            <PhoneCodeForm />
          </>
        )}
        <PhoneForm phone={user.phone ?? user.pendingPhone} />
        {(user.phone || user.pendingPhone) && <RemovePhoneForm />}
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
