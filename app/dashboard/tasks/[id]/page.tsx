import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { postMessageAction } from '@/app/dashboard/tasks/thread-actions';
import { TaskActionForm } from '@/components/task-action-form';
import { TaskAutoRefresh } from '@/components/task-auto-refresh';
import { TaskFacts, TaskPrice } from '@/components/task-details';
import { TaskPanels } from '@/components/task-panels';
import { TaskPlaceMap, TaskReviewPanel, TaskWorkerPanel } from '@/components/task-people-panels';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { env } from '@/lib/env';
import { canTake, isTerminal, MAX_REVISIONS } from '@/lib/tasks/task-transitions';
import { loadTaskPage } from '../load-task-page';
import { loadTaskPeople } from '../load-task-people';
import { reviewTaskAction } from '../review-actions';
import { approveAction, cancelAction, requestRevisionAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Task' };

// A task as its requester (or the operator of the requesting agent) follows it: status, money, history, proof,
// the thread with the worker, and the buttons the state machine allows now.
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await requireBrowserUser(`/dashboard/tasks/${id}`);
  const { db } = await getDatabase();
  const { access, task, timeline, thread } = await loadTaskPage(db, current.user.id, id);
  if (access.side !== 'requester') notFound();
  const people = await loadTaskPeople(db, current.user.id, access.task, 'requester');
  const status = task.status;
  const canRevise = canTake('requestRevision', task) && task.revisionCount < MAX_REVISIONS;
  return (
    <div className="space-y-6">
      <PageHeader
        title={task.title}
        back={{ href: '/dashboard/tasks', label: 'Tasks' }}
        aside={
          <>
            <TaskStatusBadge status={status} testId="task-status" />
            {!task.livemode && <span className="text-xs text-stone-500">test mode</span>}
          </>
        }
      />

      {!isTerminal(status) && <TaskAutoRefresh />}
      <TaskFacts task={task} />

      <Card title="Price">
        <TaskPrice task={task} side="requester" />
        <p className="text-xs text-stone-500">
          Funded by {task.fundingSource === 'x402' ? 'x402 (USDC)' : task.fundingSource === 'card' ? 'card' : '—'}. The
          budget is held in escrow until you approve.
        </p>
      </Card>

      <TaskReviewPanel
        due={people.reviewDue}
        about={people.names.worker ?? 'the worker'}
        action={reviewTaskAction.bind(null, task.id)}
      />
      <TaskWorkerPanel worker={people.worker} />

      {(canTake('approve', task) || canRevise || canTake('cancel', task)) && (
        <Card title="Your move" className="space-y-4" testId="task-actions">
          {canTake('approve', task) && (
            <TaskActionForm action={approveAction.bind(null, task.id)} label="Approve and pay" testId="approve-form" />
          )}
          {canRevise && (
            <TaskActionForm
              action={requestRevisionAction.bind(null, task.id)}
              label="Request revision"
              reasonLabel={`What should change? (${MAX_REVISIONS - task.revisionCount} revision(s) left)`}
              tone="secondary"
              testId="revision-form"
            />
          )}
          {canTake('cancel', task) && (
            <TaskActionForm
              action={cancelAction.bind(null, task.id)}
              label={
                status === 'accepted' ? 'Cancel: nothing was delivered by the deadline (full refund)' : 'Cancel task'
              }
              tone="danger"
              testId="cancel-form"
            />
          )}
        </Card>
      )}

      <TaskPlaceMap task={task} tileUrl={env().MAP_TILE_URL} />

      <TaskPanels
        page={{ task, thread, timeline }}
        names={people.names}
        side="requester"
        closedThreadNote="The thread opens when a worker accepts the task."
        postMessage={postMessageAction}
      />
    </div>
  );
}
