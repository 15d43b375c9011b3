import type { Metadata } from 'next';
import Link from 'next/link';
import { NotificationLine } from '@/components/notification-line';
import { firstParam, queryHref } from '@/components/query-href';
import { ActionForm } from '@/components/ui/action-form';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { controlClass } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { NOTIFICATION_KINDS } from '@/db/schema';
import { countUnreadNotifications } from '@/lib/services/notifications/count-unread-notifications';
import { KIND_LABELS } from '@/lib/services/notifications/kind-labels';
import { listNotifications } from '@/lib/services/notifications/list-notifications';
import { notificationPreferencesOf } from '@/lib/services/notifications/notification-preferences';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';
import { markAllReadAction, savePreferencesAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Notifications' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// What the signed-in person has been told (GET /v1/notifications), newest first, and how they want to hear it
// (…/preferences). Opening one marks it read (app/notifications/open/[id]).
export default async function NotificationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireBrowserActor('/notifications');
  const params = await searchParams;
  const unreadOnly = firstParam(params.unread) === 'true';
  const cursor = firstParam(params.cursor);
  const { db } = await getDatabase();
  const page = await listNotifications(db, { user, unread: unreadOnly, cursor, limit: 25 });
  const unread = await countUnreadNotifications(db, user.id);
  const preferences = await notificationPreferencesOf(db, user.id);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        description="Tasks you requested or work on, and new tasks near you. Email and text messages follow your settings below."
      />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <nav aria-label="Show" className="flex gap-3">
          <Link
            href="/notifications"
            aria-current={unreadOnly ? undefined : 'page'}
            className={unreadOnly ? 'underline' : 'font-medium'}
          >
            All
          </Link>
          <Link
            href="/notifications?unread=true"
            aria-current={unreadOnly ? 'page' : undefined}
            className={unreadOnly ? 'font-medium' : 'underline'}
          >
            Unread ({unread})
          </Link>
        </nav>
        {unread > 0 && (
          <form action={markAllReadAction}>
            <SubmitButton variant="secondary" compact>
              Mark all read
            </SubmitButton>
          </form>
        )}
      </div>
      <Card>
        {page.data.length === 0 ? (
          <EmptyState>
            {unreadOnly ? 'Nothing unread.' : 'Nothing yet. You will hear here when something happens on your tasks.'}
          </EmptyState>
        ) : (
          <ol className="divide-y divide-stone-100" data-testid="notifications">
            {page.data.map((notification) => (
              <NotificationLine key={notification.id} notification={notification} />
            ))}
          </ol>
        )}
      </Card>
      {page.nextCursor && (
        <Link
          href={queryHref('/notifications', { unread: unreadOnly ? 'true' : undefined, cursor: page.nextCursor })}
          className="text-sm underline"
        >
          Older notifications
        </Link>
      )}
      <Card
        title="How you hear about it"
        description="Emails go to your account’s address; text messages only to a phone you verified in Settings; push to the browsers where you allowed notifications."
      >
        <ActionForm action={savePreferencesAction} testId="notification-preferences">
          <Table columns={['About', 'Email', 'Text message', 'Push']}>
            {NOTIFICATION_KINDS.map((kind) => (
              <Row key={kind}>
                <td>{capitalised(KIND_LABELS[kind])}</td>
                {(['email', 'sms', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    {kind === 'message' && channel !== 'push' ? (
                      // Messages have a mode besides on and off: one by one, or one summary per unread thread.
                      <select
                        name={`messageDelivery:${channel}`}
                        defaultValue={preferences.messageDelivery[channel]}
                        aria-label={`${CHANNEL_LABELS[channel]}: ${KIND_LABELS[kind]}`}
                        className={controlClass}
                      >
                        <option value="batched">Batched</option>
                        <option value="each">Each message</option>
                        <option value="none">None</option>
                      </select>
                    ) : (
                      <input
                        type="checkbox"
                        name={`${channel}:${kind}`}
                        defaultChecked={preferences[channel][kind]}
                        aria-label={`${CHANNEL_LABELS[channel]}: ${KIND_LABELS[kind]}`}
                      />
                    )}
                  </td>
                ))}
              </Row>
            ))}
          </Table>
          <p className="text-sm text-stone-600">
            Batched messages: one email or text per conversation you have not read for a couple of minutes, listing
            every new message. The first message of a conversation and messages about money always come at once.
          </p>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="agentChargeDigest"
              defaultChecked={preferences.agentChargeDigest}
              className="mt-1"
            />
            <span>Card charges made by your agents: one email a day listing them, instead of one email per charge</span>
          </label>
          <SubmitButton>Save</SubmitButton>
        </ActionForm>
      </Card>
    </div>
  );
}

const CHANNEL_LABELS = { email: 'Email', sms: 'Text message', push: 'Push' } as const;
