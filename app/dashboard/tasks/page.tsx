import { eq } from 'drizzle-orm';
import type { Metadata } from 'next';
import Link from 'next/link';
import { dollars, TaskStatusBadge } from '@/components/task-status-badge';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { ApiError } from '@/lib/errors/api-error';
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
  const agents = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.ownerId, current.user.id));
  const agentName = new Map(agents.map((agent) => [agent.id, agent.name ?? 'an agent']));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Tasks</h1>
        <p className="text-sm text-stone-600">Tasks you and your agents posted. Open one to follow it and answer.</p>
      </div>
      {page.data.length === 0 ? (
        <p className="text-sm text-stone-600">No tasks yet. Your agents post them with POST /v1/tasks.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="tasks-table">
          <thead className="text-stone-500">
            <tr>
              <th className="py-1 font-normal">Task</th>
              <th className="py-1 font-normal">Status</th>
              <th className="py-1 font-normal">Requested by</th>
              <th className="py-1 text-right font-normal">Total</th>
              <th className="py-1 text-right font-normal">Created</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((task) => (
              <tr key={task.id} className="border-t border-stone-100" data-testid="task-row">
                <td className="py-2">
                  <Link href={`/dashboard/tasks/${task.id}`} className="underline">
                    {task.title}
                  </Link>
                </td>
                <td className="py-2">
                  <TaskStatusBadge status={task.status} />
                </td>
                <td className="py-2 text-stone-600">
                  {task.requesterId === current.user.id ? 'you' : (agentName.get(task.requesterId) ?? 'an agent')}
                </td>
                <td className="py-2 text-right font-mono">{dollars(task.totalCents)}</td>
                <td className="py-2 text-right text-stone-600">{task.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.nextCursor && (
        <Link href={`/dashboard/tasks?cursor=${encodeURIComponent(page.nextCursor)}`} className="text-sm underline">
          Older tasks
        </Link>
      )}
    </div>
  );
}
