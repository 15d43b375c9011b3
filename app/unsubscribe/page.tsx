import type { Metadata } from 'next';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { readUnsubscribeToken } from '@/lib/auth/unsubscribe-token';
import { KIND_LABELS } from '@/lib/services/notifications/kind-labels';
import { UnsubscribeForm } from './unsubscribe-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stop emails', robots: { index: false } };

// The footer link of every notification email: no sign-in needed (the signed token names the person and the
// kind). Opening it only asks; the button turns that kind's email off. Mail clients unsubscribe in one click
// through POST /v1/notifications/unsubscribe, the List-Unsubscribe URL, with the same token.
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = '' } = await searchParams;
  const target = readUnsubscribeToken(token);
  if (!target) {
    return (
      <div className="mx-auto max-w-sm space-y-6">
        <PageHeader title="Stop emails" />
        <Notice tone="error">
          This unsubscribe link is not valid. Use the whole link from the email, or change your email switches in your
          account settings.
        </Notice>
      </div>
    );
  }
  const label = KIND_LABELS[target.kind];
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader title={`Stop emails about ${label}?`} />
      <p className="text-sm text-stone-600">
        You will still see these notifications in Legwork. Other kinds of email keep coming.
      </p>
      <UnsubscribeForm token={token} label={label} />
    </div>
  );
}
