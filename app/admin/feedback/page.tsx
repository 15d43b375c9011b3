import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterLinks } from '@/components/filter-links';
import { LocalTime } from '@/components/local-time';
import { firstParam, queryHref } from '@/components/query-href';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { feedbackKind } from '@/db/schema/feedback';
import { listFeedback } from '@/lib/services/feedback/list-feedback';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { FeedbackKindBadge } from './feedback-kind-badge';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Feedback' };

const KINDS = feedbackKind.enumValues;
type Kind = (typeof KINDS)[number];
const isKind = (value: string | undefined): value is Kind => KINDS.includes(value as Kind);

type Sender = Awaited<ReturnType<typeof listFeedback>>['data'][number]['from'];

/** Who sent it: a person by name and email, an agent by name (it has no email). */
function SenderCell({ from }: { from: Sender }) {
  const label = from.name ?? from.email ?? from.userId;
  return (
    <span className="inline-block min-w-0 align-top">
      <Link href={queryHref('/admin/users', { q: from.userId })} className="font-medium text-stone-900 underline">
        {label}
      </Link>
      {from.type === 'agent' && <span className="text-stone-500"> (agent)</span>}
      {from.email && from.name && <span className="block break-all text-stone-500">{from.email}</span>}
    </span>
  );
}

// What people and agents told us (POST /v1/feedback and the footer's form), newest first. The same service as
// GET /v1/admin/feedback.
export default async function FeedbackPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const admin = await requireAdmin('/admin/feedback');
  const params = await searchParams;
  const requested = firstParam(params.kind);
  const kind = isKind(requested) ? requested : undefined;
  const cursor = firstParam(params.cursor);
  const { db } = await getDatabase();
  const page = await listFeedback(db, { admin, kind, cursor, limit: 25 });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Feedback"
        description="Bugs, ideas, praise and complaints from people (the footer's form) and agents (the API and MCP)."
      />
      <FilterLinks label="Kind" path="/admin/feedback" param="kind" values={KINDS} current={kind} />
      <Card>
        {page.data.length === 0 ? (
          <EmptyState>{kind ? `No ${kind} feedback.` : 'No feedback yet.'}</EmptyState>
        ) : (
          <Table columns={['Message', 'From', 'Kind', 'Rating', 'Task', { label: 'Sent', align: 'right' }]}>
            {page.data.map((item) => (
              <Row key={item.id} testId="feedback-row" top>
                <td className="max-w-md whitespace-pre-wrap break-words">{item.message}</td>
                <td>
                  <SenderCell from={item.from} />
                </td>
                <td>
                  <FeedbackKindBadge kind={item.kind} />
                </td>
                <td>{item.rating === null ? '—' : `${item.rating}/5`}</td>
                <td>
                  {item.taskId ? (
                    <Link
                      href={queryHref('/admin/tasks', { q: item.taskId })}
                      className="font-mono text-xs underline"
                      title={item.taskId}
                    >
                      {item.taskId.slice(0, 8)}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="text-right text-stone-600">
                  <LocalTime value={item.createdAt} />
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
      {page.nextCursor && (
        <Link href={queryHref('/admin/feedback', { kind, cursor: page.nextCursor })} className="text-sm underline">
          Older
        </Link>
      )}
    </div>
  );
}
