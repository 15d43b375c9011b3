import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterLinks } from '@/components/filter-links';
import { firstParam, queryHref } from '@/components/query-href';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { listDisputes } from '@/lib/services/disputes/list-disputes';
import { taskHeadlines } from '@/lib/services/tasks/task-headlines';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { DisputeAgeBadge } from './dispute-age-badge';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Disputes' };

const STATUSES = ['open', 'resolved'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: string | undefined): value is Status => STATUSES.includes(value as Status);
const REASON_LENGTH = 80;

/** A reason cut to one line of the table. */
const truncate = (text: string) => (text.length <= REASON_LENGTH ? text : `${text.slice(0, REASON_LENGTH - 1)}…`);

// The disputes queue (GET /v1/disputes as an admin): open ones by default, the longest waiting first, each with
// the money at stake and how long it has waited.
export default async function DisputesQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requireAdmin('/admin/disputes');
  const params = await searchParams;
  const requested = firstParam(params.status);
  const status = isStatus(requested) ? requested : 'open';
  const cursor = firstParam(params.cursor);
  const { db } = await getDatabase();
  const page = await listDisputes(db, { caller, status, cursor, limit: 25 });
  const tasks = await taskHeadlines(
    db,
    page.data.map((dispute) => dispute.taskId),
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title="Disputes"
        description="Oldest first: read both sides’ evidence and thread, then refund, pay the worker, or split."
      />
      <FilterLinks
        label="Status"
        path="/admin/disputes"
        param="status"
        values={STATUSES}
        current={status}
        withAll={false}
      />
      <Card>
        {page.data.length === 0 ? (
          <EmptyState testId="disputes-empty">{cursor ? 'No more disputes.' : `No ${status} disputes.`}</EmptyState>
        ) : (
          <Table
            columns={[
              'Task',
              'Opened by',
              'Reason',
              { label: 'At stake', align: 'right' },
              { label: 'Age', align: 'right' },
            ]}
            testId="disputes-table"
          >
            {page.data.map((dispute) => {
              const task = tasks.get(dispute.taskId);
              return (
                <Row key={dispute.id} testId="dispute-row">
                  <td>
                    <Link href={`/admin/disputes/${dispute.id}`} className="break-words font-medium underline">
                      {task?.title ?? 'Task'}
                    </Link>
                  </td>
                  <td>{dispute.openedBy}</td>
                  <td className="max-w-xs break-words text-stone-600" title={dispute.reason}>
                    {truncate(dispute.reason)}
                  </td>
                  <td className="text-right tabular-nums">{task ? formatMoney(task.totalCents) : '—'}</td>
                  <td className="text-right">
                    <DisputeAgeBadge dispute={dispute} />
                  </td>
                </Row>
              );
            })}
          </Table>
        )}
      </Card>
      <nav aria-label="Pages" className="flex flex-wrap gap-4 text-sm">
        {cursor && (
          <Link href={queryHref('/admin/disputes', { status })} className="underline">
            Oldest disputes
          </Link>
        )}
        {page.nextCursor && (
          <Link href={queryHref('/admin/disputes', { status, cursor: page.nextCursor })} className="underline">
            Next disputes
          </Link>
        )}
      </nav>
    </div>
  );
}
