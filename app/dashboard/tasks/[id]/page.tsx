import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { postMessageAction } from '@/app/dashboard/tasks/thread-actions';
import { BookingLine } from '@/components/booking-line';
import { DisputeOpenForm } from '@/components/dispute-open-form';
import { DisputePanel } from '@/components/dispute-panel';
import { OffersPanel } from '@/components/offers-panel';
import { PriceBox } from '@/components/price-box';
import { approveWarning, verificationOf } from '@/components/proof-verdict-words';
import { TaskAutoRefresh } from '@/components/task-auto-refresh';
import { TaskFacts, type TaskView } from '@/components/task-details';
import { TaskEvidence } from '@/components/task-evidence';
import { TaskPanels } from '@/components/task-panels';
import { TaskPlaceMap, TaskReviewPanel, TaskWorkerPanel } from '@/components/task-people-panels';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { TaskTipPanel } from '@/components/task-tip-panel';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DoneNotice } from '@/components/ui/done-notice';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';
import { TIP_RULES } from '@/lib/schemas/tips';
import { findBooking } from '@/lib/services/bookings/find-booking';
import { NO_MONEY, readTaskMoney } from '@/lib/services/money/read-task-money';
import { listOffers } from '@/lib/services/offers/list-offers';
import { listTaskTips } from '@/lib/services/tips/list-tips';
import { canTake, isTerminal, MAX_REVISIONS } from '@/lib/tasks/task-transitions';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { addDisputeEvidenceAction, openDisputeAction } from '../dispute-actions';
import { disputeOf } from '../dispute-of';
import { loadTaskPage } from '../load-task-page';
import { loadTaskPeople } from '../load-task-people';
import { reviewTaskAction } from '../review-actions';
import { acceptOfferAction, approveAction, cancelAction, requestRevisionAction, type TaskDone } from './actions';
import { tipTaskAction } from './tip-action';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Task' };

// A task as its requester (or the operator of the requesting agent) follows it: status, money, history, proof,
// the thread with the worker, and the buttons the state machine allows now.
export default async function TaskPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ done?: string }>;
}) {
  const { id } = await params;
  const { done } = await searchParams;
  const current = await requireBrowserUser(`/dashboard/tasks/${id}`);
  const { db } = await getDatabase();
  const { access, task, timeline, thread } = await loadTaskPage(db, current.user.id, id);
  const booking = await findBooking(db, task.id);
  if (access.side !== 'requester') notFound();
  const people = await loadTaskPeople(db, current.user.id, access.task, 'requester');
  const status = task.status;
  const canRevise = canTake('requestRevision', task) && task.revisionCount < MAX_REVISIONS;
  const dispute = await disputeOf(db, task);
  const money = (await readTaskMoney(db, [task.id])).get(task.id) ?? NO_MONEY;
  const evidence = task.proof !== null;
  const offers = status === 'posted' ? await listOffers(db, { user: current.user, taskId: task.id, limit: 50 }) : null;
  const tips = status === 'completed' ? await listTaskTips(db, task.id) : [];
  const tippedCents = tips.reduce((sum, tip) => sum + tip.amountCents, 0);
  const tipsOpen = status === 'completed' && tipWindowOpen(access.task.completedAt);
  // The Approve confirmation repeats a flag or an unverified verdict, so nobody pays past it unawares.
  const flag = approveWarning(verificationOf(task));
  const cancelNow = task.cancellationPolicy.ifCancelledNow;
  const actions = (canTake('approve', task) || canRevise || cancelNow || canTake('dispute', task)) && (
    <Card title="Your move" className="space-y-4" testId="task-actions">
      {canTake('approve', task) && (
        <ConfirmAction
          action={approveAction.bind(null, task.id)}
          label="Approve and pay"
          variant="primary"
          confirmLabel={`Yes, pay ${formatMoney(task.budgetCents)}`}
          confirmVariant="primary"
          testId="approve-form"
        >
          {flag && (
            <span className="mb-2 block font-medium text-red-800" data-testid="approve-warning">
              {flag}
            </span>
          )}
          Pays {formatMoney(task.budgetCents)} to {people.names.worker ?? 'the worker'} and completes the task; this
          cannot be undone.
        </ConfirmAction>
      )}
      {canRevise && (
        <ConfirmAction
          action={requestRevisionAction.bind(null, task.id)}
          label="Request revision"
          confirmLabel="Send back for revision"
          confirmVariant="primary"
          reason={{ label: 'What should change?' }}
          testId="revision-form"
        >
          Sends the proof back to the worker to redo; the money stays in escrow. {revisionsLeft(task.revisionCount)}
        </ConfirmAction>
      )}
      {cancelNow && (
        <ConfirmAction
          action={cancelAction.bind(null, task.id, cancelNow.feeCents)}
          label={cancelLabel(cancelNow.reason)}
          variant="danger"
          confirmLabel="Yes, cancel the task"
          testId="cancel-form"
        >
          {cancelConsequence(task, cancelNow, people.names.worker ?? 'the worker')}
        </ConfirmAction>
      )}
      {canTake('dispute', task) && <DisputeOpenForm action={openDisputeAction.bind(null, task.id)} />}
    </Card>
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={task.title}
        back={{ href: '/dashboard/tasks', label: 'Tasks' }}
        aside={
          <>
            <TaskStatusBadge status={status} testId="task-status" />
            {!task.livemode && <span className="text-xs text-stone-500">test mode</span>}
            {status === 'draft' && (
              <Link
                href={`/dashboard/tasks/${task.id}/edit`}
                className={buttonClass({ variant: 'secondary', compact: true })}
              >
                Edit draft
              </Link>
            )}
          </>
        }
      />

      <DoneNotice done={done} messages={doneMessages(task)} />
      <BookingLine booking={booking} place={task.location} />
      {!isTerminal(status) && <TaskAutoRefresh />}
      {dispute && (
        <DisputePanel
          dispute={dispute}
          side="requester"
          addEvidence={addDisputeEvidenceAction.bind(null, task.id, dispute.id)}
        />
      )}
      {/* Issue 36: once proof is in, the evidence comes first and the decision right under it. */}
      <TaskEvidence task={task} tileUrl={env().MAP_TILE_URL} />
      {evidence && actions}
      <TaskFacts task={task} />
      {offers && (
        <OffersPanel offers={offers} task={task} accept={(offerId) => acceptOfferAction.bind(null, task.id, offerId)} />
      )}

      <Card title="Price">
        <PriceBox task={task} side="requester" money={money} workerName={people.names.worker} />
      </Card>

      <TaskReviewPanel
        due={people.reviewDue}
        about={people.names.worker ?? 'the worker'}
        action={reviewTaskAction.bind(null, task.id)}
      />
      {status === 'completed' && (
        <TaskTipPanel
          tips={tips}
          open={tipsOpen}
          remainingCents={task.budgetCents - tippedCents}
          minCents={TIP_RULES.minCents}
          workerName={people.names.worker ?? 'the worker'}
          action={tipTaskAction.bind(null, task.id)}
        />
      )}
      <TaskWorkerPanel worker={people.worker} />
      {!evidence && actions}

      {/* With a proof position the evidence's map shows the place too. */}
      {!task.proof?.location && <TaskPlaceMap task={task} tileUrl={env().MAP_TILE_URL} />}

      <TaskPanels
        page={{ task, thread, timeline }}
        names={people.names}
        side="requester"
        closedThreadNote="The thread opens when a worker accepts the task."
        postMessage={postMessageAction}
        proof={!evidence}
      />
    </div>
  );
}

/** Tips are taken for `TIP_RULES.windowDays` after completion (docs/payments.md, "Tips"). */
function tipWindowOpen(completedAt: Date | null) {
  return completedAt !== null && Date.now() <= completedAt.getTime() + TIP_RULES.windowDays * 86_400_000;
}

/** How many revisions are left after this one. */
function revisionsLeft(revisionCount: number) {
  const left = MAX_REVISIONS - revisionCount - 1;
  return left === 0 ? 'This is the last revision you can ask for.' : `You can ask for ${left} more after this one.`;
}

type CancelNow = NonNullable<TaskView['cancellationPolicy']['ifCancelledNow']>;

function cancelLabel(reason: CancelNow['reason']) {
  if (reason === 'no_show') return 'Cancel: nothing was delivered by the deadline (full refund)';
  if (reason === 'free_window') return 'Cancel (still free)';
  return 'Cancel task';
}

/** The amounts before anything moves: nothing for an unfunded draft, else the refund and the worker's fee. */
function cancelConsequence(task: TaskView, now: CancelNow, worker: string) {
  if (task.status === 'draft') return 'Cancels the draft; nothing was charged.';
  const total = formatMoney(task.totalCents);
  if (now.reason === 'unassigned' && task.fundingSource === 'x402') {
    return `Cancels the task; ${total} is owed back to the wallet that paid it.`;
  }
  if (now.reason === 'unassigned') return `Cancels the task and refunds ${total} to your card; this cannot be undone.`;
  const back = `You will get ${formatMoney(now.refundCents)} back${refundPlace(task)}`;
  const { freeUntil, freeMinutes } = task.cancellationPolicy;
  if (now.reason === 'late')
    return `${back}; ${worker} gets ${formatMoney(now.feeCents)} for the trip. This cannot be undone.`;
  if (now.reason === 'free_window' && freeUntil) {
    return `${back}, in full: it is free until ${formatDateTime(freeUntil)}, ${freeMinutes} minutes after ${worker} accepted. Later, ${worker} would get ${formatMoney(task.cancellationPolicy.lateFeeCents)} for the trip.`;
  }
  return `${back}, in full: nothing was delivered by the deadline. This cannot be undone.`;
}

const refundPlace = (task: TaskView) =>
  task.fundingSource === 'x402' ? ' (owed to the wallet that paid)' : task.fundingSource ? ' on your card' : '';

/** What the page says after each action (the action redirects back with `?done=`). */
function doneMessages(task: TaskView): Record<TaskDone, string> {
  const refunded = formatMoney(task.totalCents - (task.cancellationFeeCents ?? 0));
  const fee = task.cancellationFeeCents
    ? `; the worker got ${formatMoney(task.cancellationFeeCents)} for the trip`
    : '';
  const cancelled =
    task.fundingSource === null
      ? 'Cancelled; nothing was charged.'
      : task.fundingSource === 'x402'
        ? `Cancelled: ${refunded} is owed back to the paying wallet${fee}.`
        : `Cancelled: ${refunded} is refunded to your card${fee}.`;
  return {
    approved: `Approved: ${formatMoney(task.budgetCents)} is paid to the worker.`,
    revision: 'Sent back to the worker with your reason.',
    cancelled,
    offerAccepted: `Offer accepted: the task is the worker’s at ${formatMoney(task.budgetCents)}.`,
  };
}
