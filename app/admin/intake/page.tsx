import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterLinks } from '@/components/filter-links';
import { plural } from '@/components/format';
import { LocalTime } from '@/components/local-time';
import { firstParam, queryHref } from '@/components/query-href';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { listIntakeConversations } from '@/lib/services/intake/list-intake-conversations';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { IntakeStatusBadge } from './intake-status-badge';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'SMS intake' };

const STATUSES = ['open', 'converted', 'closed'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: string | undefined): value is Status => STATUSES.includes(value as Status);

// The SMS concierge's queue: every conversation a text opened, the latest message first, with what staff have not
// read yet. The same service as GET /v1/intake.
export default async function IntakeQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const admin = await requireAdmin('/admin/intake');
  const params = await searchParams;
  const requested = firstParam(params.status);
  const status = isStatus(requested) ? requested : undefined;
  const cursor = firstParam(params.cursor);
  const { db } = await getDatabase();
  const page = await listIntakeConversations(db, { admin, status, cursor, limit: 25 });
  return (
    <div className="space-y-6">
      <PageHeader
        title="SMS intake"
        description="People text the service's number; answer them here, then turn the conversation into a task whose claim link they get by SMS."
      />
      <FilterLinks label="Status" path="/admin/intake" param="status" values={STATUSES} current={status} />
      <Card>
        {page.data.length === 0 ? (
          <EmptyState>{status ? `No ${status} conversations.` : 'No texts yet.'}</EmptyState>
        ) : (
          <Table columns={['Number', 'Status', 'Messages', 'Unread', { label: 'Last message', align: 'right' }]}>
            {page.data.map((conversation) => (
              <Row key={conversation.id} testId="intake-row">
                <td>
                  <Link href={`/admin/intake/${conversation.id}`} className="font-mono underline">
                    {conversation.phone}
                  </Link>
                </td>
                <td>
                  <IntakeStatusBadge status={conversation.status} />
                </td>
                <td>{conversation.messageCount}</td>
                <td className={conversation.unreadCount > 0 ? 'font-medium text-stone-900' : 'text-stone-500'}>
                  {conversation.unreadCount > 0 ? `${plural(conversation.unreadCount, 'unread', 'unread')}` : '—'}
                </td>
                <td className="text-right text-stone-600">
                  <LocalTime value={conversation.lastMessageAt} />
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
      {page.nextCursor && (
        <Link href={queryHref('/admin/intake', { status, cursor: page.nextCursor })} className="text-sm underline">
          Older conversations
        </Link>
      )}
    </div>
  );
}
