import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterActions } from '@/components/filter-actions';
import { LocalTime } from '@/components/local-time';
import { queryHref } from '@/components/query-href';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { TASK_STATUSES } from '@/lib/schemas/tasks';
import { listAdminTasks } from '@/lib/services/admin/list-admin-tasks';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { choiceParam, type SearchParams, textParam } from '../list-params';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tasks' };

// Every task on the platform, both modes, newest first (the same service as GET /v1/admin/tasks): filter by
// status, find by title or exact id, and go to a task's dispute.
export default async function AdminTasksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin('/admin/tasks');
  const params = await searchParams;
  const status = choiceParam(params.status, TASK_STATUSES);
  const q = textParam(params.q);
  const cursor = textParam(params.cursor, 500);
  const { db } = await getDatabase();
  const page = await listAdminTasks(db, { status, q, cursor, limit: 25 });
  const filtered = status !== undefined || q !== undefined;
  return (
    <div className="space-y-6">
      <PageHeader title="Tasks" description="Every task, live and test, newest first." />
      <form method="get" action="/admin/tasks" className="flex flex-wrap items-end gap-3">
        <SelectField label="Status" name="status" defaultValue={status ?? ''} className="w-40">
          <option value="">All</option>
          {TASK_STATUSES.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </SelectField>
        <Field
          label="Search tasks"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Title or id"
          className="min-w-0 flex-1"
        />
        <FilterActions clearHref="/admin/tasks" filtered={filtered} />
      </form>
      <Card>
        {page.data.length === 0 ? (
          <EmptyState>{filtered ? 'No task matches these filters.' : 'No tasks yet.'}</EmptyState>
        ) : (
          <Table
            testId="tasks-table"
            columns={[
              'Task',
              'Status',
              'Requester',
              'Worker',
              { label: 'Total', align: 'right' },
              'Created',
              'Dispute',
            ]}
          >
            {page.data.map((task) => (
              <Row key={task.id} testId="task-row" top>
                <td>
                  <span className="block break-words font-medium">{task.title}</span>
                  <span className="block font-mono text-xs text-stone-500">
                    {task.id}
                    {!task.livemode && ' · test'}
                  </span>
                </td>
                <td>
                  <TaskStatusBadge status={task.status} />
                </td>
                <td className="break-words">
                  <Link href={queryHref('/admin/users', { q: task.requester.id })} className="underline">
                    {task.requester.email ?? task.requester.name ?? 'Unnamed'}
                  </Link>
                </td>
                <td className="break-words">
                  {task.worker ? (
                    <Link href={queryHref('/admin/users', { q: task.worker.id })} className="underline">
                      {task.worker.name ?? 'Unnamed'}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="text-right">{formatMoney(task.totalCents)}</td>
                <td className="text-stone-600">
                  <LocalTime value={task.createdAt} />
                </td>
                <td>
                  {task.disputeId ? (
                    <Link href={`/admin/disputes/${task.disputeId}`} className="underline">
                      Dispute
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
      {page.nextCursor && (
        <Link href={queryHref('/admin/tasks', { status, q, cursor: page.nextCursor })} className="text-sm underline">
          Older tasks
        </Link>
      )}
    </div>
  );
}
