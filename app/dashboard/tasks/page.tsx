import type { Metadata } from 'next';
import Link from 'next/link';
import { ChoiceField } from '@/components/choice-field';
import { FilterActions } from '@/components/filter-actions';
import { LocalTime } from '@/components/local-time';
import { firstParam, queryHref } from '@/components/query-href';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import { TASK_STATUSES } from '@/lib/schemas/tasks';
import { listAgentNames } from '@/lib/services/agents/list-agent-names';
import { listTasks, type TaskListQuery } from '@/lib/services/tasks/list-tasks';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tasks' };

const PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

type Params = Record<string, string | string[] | undefined>;

/** A `YYYY-MM-DD` from the URL as the UTC midnight it names, `days` later; undefined when it is not a date. */
function dayStart(value: string | undefined, days = 0): string | undefined {
  if (!value || !DATE.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : new Date(time + days * DAY_MS).toISOString();
}

// The tasks the signed-in human requested, and those their agents requested, newest first. The filters and the
// page live in the URL (status, agent, from, to, q, cursor), so a reload or Back keeps them.
export default async function TasksPage({ searchParams }: { searchParams: Promise<Params> }) {
  const current = await requireBrowserUser('/dashboard/tasks');
  const params = await searchParams;
  const { db } = await getDatabase();
  const agentName = await listAgentNames(db, current.user.id);

  const status = TASK_STATUSES.find((value) => value === firstParam(params.status));
  const agentParam = firstParam(params.agent);
  const agent = agentParam === 'me' || (agentParam && agentName.has(agentParam)) ? agentParam : undefined;
  const from = firstParam(params.from);
  const to = firstParam(params.to);
  const q = firstParam(params.q)?.slice(0, 200) ?? '';
  const cursor = firstParam(params.cursor);
  const filters = {
    status,
    agent,
    from: dayStart(from) ? from : undefined,
    to: dayStart(to) ? to : undefined,
    q: q.trim() || undefined,
  };
  const query: TaskListQuery = {
    limit: PAGE_SIZE,
    role: 'requester',
    ...(status ? { status: [status] } : {}),
    ...(agent ? { requesterId: agent === 'me' ? current.user.id : agent } : {}),
    ...(filters.from ? { createdFrom: dayStart(filters.from) } : {}),
    ...(filters.to ? { createdBefore: dayStart(filters.to, 1) } : {}),
    ...(filters.q ? { search: filters.q } : {}),
  };
  const page = await listTasks(db, current.user.id, { ...query, ...(cursor ? { cursor } : {}) }).catch((error) => {
    // A cursor edited by hand: start again from the newest.
    if (error instanceof ApiError) return listTasks(db, current.user.id, query);
    throw error;
  });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tasks"
        description="Tasks you and your agents posted. Open one to follow it and answer."
        aside={
          <div className="flex gap-2">
            <Link href="/dashboard/series" className={buttonClass({ compact: true, variant: 'secondary' })}>
              Recurring tasks
            </Link>
            <Link href="/dashboard/tasks/new" className={buttonClass({ compact: true })} data-testid="new-task">
              New task
            </Link>
          </div>
        }
      />
      <form
        method="get"
        action="/dashboard/tasks"
        data-testid="task-filters"
        className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <Field
          label="Search titles"
          name="q"
          type="search"
          defaultValue={q}
          className="col-span-2 sm:col-span-3 lg:col-span-2"
        />
        <ChoiceField label="Status" name="status" value={status} anyLabel="Any status" choices={TASK_STATUSES} />
        <ChoiceField
          label="Requested by"
          name="agent"
          value={agent}
          anyLabel="Anyone"
          choices={[['me', 'You'] as const, ...agentName]}
        />
        <Field label="From" name="from" type="date" defaultValue={filters.from ?? ''} />
        <Field label="To" name="to" type="date" defaultValue={filters.to ?? ''} />
        <FilterActions
          clearHref="/dashboard/tasks"
          filtered={filtered}
          className="col-span-2 sm:col-span-3 lg:col-span-6"
        />
      </form>
      {page.data.length === 0 ? (
        <EmptyState>
          {filtered ? (
            'No tasks match these filters.'
          ) : (
            <>
              No tasks yet.{' '}
              <Link href="/dashboard/tasks/new" className="underline">
                Post one
              </Link>
              , or let your agents post them with POST /v1/tasks.
            </>
          )}
        </EmptyState>
      ) : (
        <Table
          testId="tasks-table"
          columns={[
            'Task',
            'Status',
            'Requested by',
            { label: 'Total', align: 'right' },
            { label: 'Created', align: 'right' },
          ]}
        >
          {page.data.map((task) => (
            <Row key={task.id} testId="task-row">
              <td className="break-words">
                <Link href={`/dashboard/tasks/${task.id}`} className="underline">
                  {task.title}
                </Link>
              </td>
              <td>
                <TaskStatusBadge status={task.status} />
              </td>
              <td className="text-stone-600">
                {task.requesterId === current.user.id ? 'you' : (agentName.get(task.requesterId) ?? 'an agent')}
              </td>
              <td className="text-right font-mono">{formatMoney(task.totalCents)}</td>
              <td className="text-right text-stone-600">
                <LocalTime value={task.createdAt} />
              </td>
            </Row>
          ))}
        </Table>
      )}
      <nav className="flex gap-4 text-sm" aria-label="Pages">
        {cursor && (
          <Link href={queryHref('/dashboard/tasks', filters)} className="underline">
            Newest tasks
          </Link>
        )}
        {page.nextCursor && (
          <Link href={queryHref('/dashboard/tasks', { ...filters, cursor: page.nextCursor })} className="underline">
            Older tasks
          </Link>
        )}
      </nav>
    </div>
  );
}
