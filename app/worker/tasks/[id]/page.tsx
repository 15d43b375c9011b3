import { eq } from 'drizzle-orm';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { loadTaskPage } from '@/app/dashboard/tasks/load-task-page';
import { postMessageAction } from '@/app/dashboard/tasks/thread-actions';
import { TaskActionForm } from '@/components/task-action-form';
import { TaskAutoRefresh } from '@/components/task-auto-refresh';
import { TaskFacts, TaskPrice } from '@/components/task-details';
import { TaskPanels } from '@/components/task-panels';
import { TaskProofForm } from '@/components/task-proof-form';
import { dollars, TaskStatusBadge } from '@/components/task-status-badge';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { haversineMeters } from '@/lib/geo/haversine';
import { canTake, isTerminal } from '@/lib/tasks/task-transitions';
import { acceptAction, submitProofAction, withdrawAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Task' };

// A task as a worker sees it: a posted one they may accept, or one assigned to them (with its private
// instructions, the thread with the requester, the proof form and, once paid, the way to their payments).
export default async function WorkerTaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await requireBrowserUser(`/worker/tasks/${id}`);
  const { db } = await getDatabase();
  const { access, task, timeline, thread } = await loadTaskPage(db, current.user.id, id);
  if (access.side === 'requester') redirect(`/dashboard/tasks/${id}`);
  const assigned = access.side === 'worker';
  if (!assigned && task.status !== 'posted') notFound();
  const [profile] = await db
    .select({ lat: workerProfiles.lat, lng: workerProfiles.lng })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, current.user.id));
  const distance =
    task.location && profile?.lat != null && profile.lng != null
      ? Math.round(haversineMeters(profile.lat, profile.lng, task.location.lat, task.location.lng))
      : null;
  const status = task.status;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <Link href="/worker/tasks" className="text-sm text-stone-600 underline">
          ← Tasks
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{task.title}</h1>
          <TaskStatusBadge status={status} testId="task-status" />
        </div>
      </div>

      {!isTerminal(status) && <TaskAutoRefresh />}
      <TaskFacts task={task} distanceMeters={distance} />

      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <TaskPrice task={task} side="worker" />
      </section>

      {!assigned && canTake('accept', task) && (
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <p className="mb-3 text-sm text-stone-600">
            Accepting assigns the task to you; the private instructions and the thread with the requester open.
          </p>
          <TaskActionForm action={acceptAction.bind(null, task.id)} label="Accept task" testId="accept-form" />
        </section>
      )}

      {assigned && canTake('submit', task) && (
        <section className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-medium">Submit proof</h2>
          {task.revisionCount > 0 && (
            <p className="text-sm text-amber-800">
              The requester asked for a revision: see the timeline and the thread.
            </p>
          )}
          <TaskProofForm action={submitProofAction.bind(null, task.id)} requirements={task.proofRequirements} />
        </section>
      )}

      {assigned && canTake('withdraw', task) && (
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <TaskActionForm
            action={withdrawAction.bind(null, task.id)}
            label="Withdraw from this task"
            tone="danger"
            testId="withdraw-form"
          />
        </section>
      )}

      {assigned && (status === 'completed' || status === 'resolved') && (
        <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800" data-testid="task-paid">
          Approved: {dollars(task.budgetCents)} was transferred to you.{' '}
          <Link href="/dashboard/payments" className="underline">
            See your payment history
          </Link>
          .
        </p>
      )}

      {assigned && (
        <TaskPanels
          page={{ task, thread, timeline }}
          side="worker"
          closedThreadNote="The thread opens when you accept the task."
          postMessage={postMessageAction}
        />
      )}
    </div>
  );
}
