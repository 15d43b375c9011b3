import type { Metadata } from 'next';
import Link from 'next/link';
import { dollars } from '@/components/format';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { ApiError } from '@/lib/errors/api-error';
import { listAgentNames } from '@/lib/services/agents/list-agent-names';
import { listTasks } from '@/lib/services/tasks/list-tasks';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tasks' };

const PAGE_SIZE = 50;

// The tasks the signed-in human requested, and those their agents requested, newest first.
export default async function TasksPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const current = await requireBrowserUser('/dashboard/tasks');
  const { cursor } = await searchParams;
  const { db } = await getDatabase();
  const page = await listTasks(db, current.user.id, {
    limit: PAGE_SIZE,
    role: 'requester',
    ...(cursor ? { cursor } : {}),
  }).catch((error) => {
    // A cursor edited by hand: start again from the newest.
    if (error instanceof ApiError) return listTasks(db, current.user.id, { limit: PAGE_SIZE, role: 'requester' });
    throw error;
  });
  const agentName = await listAgentNames(db, current.user.id);
  return (
    <div className="space-y-6">
      <PageHeader title="Tasks" description="Tasks you and your agents posted. Open one to follow it and answer." />
      {page.data.length === 0 ? (
        <EmptyState>No tasks yet. Your agents post them with POST /v1/tasks.</EmptyState>
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
              <td>
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
              <td className="text-right font-mono">{dollars(task.totalCents)}</td>
              <td className="text-right text-stone-600">{task.createdAt.slice(0, 10)}</td>
            </Row>
          ))}
        </Table>
      )}
      {page.nextCursor && (
        <Link href={`/dashboard/tasks?cursor=${encodeURIComponent(page.nextCursor)}`} className="text-sm underline">
          Older tasks
        </Link>
      )}
    </div>
  );
}
