import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { addDisputeEvidenceAction, openDisputeAction } from '@/app/dashboard/tasks/dispute-actions';
import { disputeOf } from '@/app/dashboard/tasks/dispute-of';
import { loadTaskPage } from '@/app/dashboard/tasks/load-task-page';
import { loadTaskPeople } from '@/app/dashboard/tasks/load-task-people';
import { reviewTaskAction } from '@/app/dashboard/tasks/review-actions';
import { postMessageAction } from '@/app/dashboard/tasks/thread-actions';
import { BookingLine } from '@/components/booking-line';
import { DisputeOpenForm } from '@/components/dispute-open-form';
import { DisputePanel } from '@/components/dispute-panel';
import { KeptProof } from '@/components/kept-proof';
import { LocalTime } from '@/components/local-time';
import { OfferForm } from '@/components/offer-form';
import { PriceBox } from '@/components/price-box';
import { TaskActionForm } from '@/components/task-action-form';
import { TaskAutoRefresh } from '@/components/task-auto-refresh';
import { TaskFacts } from '@/components/task-details';
import { TaskPanels } from '@/components/task-panels';
import { TaskPlaceMap, TaskReviewPanel } from '@/components/task-people-panels';
import { TaskProofForm } from '@/components/task-proof-form';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { TestModeBadge } from '@/components/test-mode-badge';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { formatMoney } from '@/lib/format/money';
import { haversineMeters } from '@/lib/geo/haversine';
import { findBooking } from '@/lib/services/bookings/find-booking';
import { NO_MONEY, readTaskMoney } from '@/lib/services/money/read-task-money';
import { listTaskTips } from '@/lib/services/tips/list-tips';
import { findWorkerLocation } from '@/lib/services/workers/find-worker-location';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { canTake, isTerminal, leavesFrom } from '@/lib/tasks/task-transitions';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { acceptAction, checkProofAction, withdrawAction } from './actions';
import { makeOfferAction } from './offer-actions';

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
  const home = await findWorkerLocation(db, current.user.id);
  const minPrice = (await getOwnWorkerProfile(db, current.user.id))?.minPriceCents ?? null;
  const belowMinimum = minPrice && task.budgetCents < minPrice ? minPrice : null;
  const people = assigned ? await loadTaskPeople(db, current.user.id, access.task, 'worker') : null;
  const distance =
    task.location && home
      ? Math.round(haversineMeters(home.lat, home.lng, task.location.lat, task.location.lng))
      : null;
  const dispute = assigned ? await disputeOf(db, task) : null;
  const booking = assigned ? await findBooking(db, task.id) : null;
  // Only the worker's own part is shown from it (priceText's worker side).
  const money = (assigned ? (await readTaskMoney(db, [task.id])).get(task.id) : null) ?? NO_MONEY;
  // Only the task's own worker is ever tipped (the tip names them).
  const tippedCents = assigned ? (await listTaskTips(db, task.id)).reduce((sum, tip) => sum + tip.amountCents, 0) : 0;
  const status = task.status;
  // A booking takes proof from the start of its slot (the API resource has no slot: the booking gives it).
  const slotTask = { ...task, startsAt: booking?.startsAt };
  return (
    <div className="space-y-6">
      <PageHeader
        title={task.title}
        back={{ href: '/worker/tasks', label: 'Tasks' }}
        aside={
          <span className="flex items-center gap-2">
            <TestModeBadge livemode={task.livemode} />
            <TaskStatusBadge status={status} testId="task-status" />
          </span>
        }
      />

      <BookingLine booking={booking} place={task.location} />
      {!isTerminal(status) && <TaskAutoRefresh />}
      {dispute && (
        <DisputePanel
          dispute={dispute}
          side="worker"
          addEvidence={addDisputeEvidenceAction.bind(null, task.id, dispute.id)}
        />
      )}
      <TaskFacts task={task} distanceMeters={distance} directions />

      <Card>
        <PriceBox task={task} side="worker" money={money} workerName={people?.names.worker ?? null} />
        {tippedCents > 0 && (
          <p className="mt-2 text-sm font-medium text-emerald-700" data-testid="tip-received">
            Tipped {formatMoney(tippedCents)}: all of it is yours.
          </p>
        )}
      </Card>

      {!assigned && canTake('accept', task) && (
        <Card>
          <p className="text-sm text-stone-600">
            Accepting assigns the task to you; the private instructions and the thread with the requester open.
          </p>
          {belowMinimum ? (
            <Notice testId="below-minimum">
              {`This task pays ${formatMoney(task.budgetCents)}, below your minimum price of ${formatMoney(belowMinimum)}: make an offer instead.`}
            </Notice>
          ) : (
            <TaskActionForm action={acceptAction.bind(null, task.id)} label="Accept task" testId="accept-form" />
          )}
        </Card>
      )}

      {!assigned && status === 'posted' && (
        <Card title="Make an offer" description="Name your price instead: the requester may accept it.">
          <OfferForm
            action={makeOfferAction.bind(null, task.id)}
            budgetText={formatMoney(task.budgetCents)}
            minimumText={minPrice ? formatMoney(minPrice) : null}
          />
        </Card>
      )}

      {assigned && booking && leavesFrom('submit', status) && !canTake('submit', slotTask) && (
        <Card title="Submit proof">
          <Notice testId="proof-waits">
            Proof opens when the booked slot starts, <LocalTime value={booking.startsAt} exact />.
          </Notice>
        </Card>
      )}

      {assigned && canTake('submit', slotTask) && (
        <Card title="Submit proof" className="space-y-4">
          {task.revisionCount > 0 && (
            <Notice tone="warning">The requester asked for a revision: see the timeline and the thread.</Notice>
          )}
          <TaskProofForm
            taskId={task.id}
            check={checkProofAction.bind(null, task.id)}
            requirements={task.proofRequirements}
            requiredChecks={task.requiredChecks}
          />
        </Card>
      )}

      {!(assigned && canTake('submit', slotTask)) && <KeptProof taskId={task.id} />}

      {assigned && (canTake('withdraw', task) || canTake('dispute', task)) && (
        <Card className="space-y-4">
          {canTake('withdraw', task) && (
            <TaskActionForm
              action={withdrawAction.bind(null, task.id)}
              label={booking ? 'Decline this booking (the requester is refunded)' : 'Withdraw from this task'}
              tone="danger"
              testId="withdraw-form"
            />
          )}
          {canTake('dispute', task) && <DisputeOpenForm action={openDisputeAction.bind(null, task.id)} />}
        </Card>
      )}

      {assigned && money.workerCents > 0 && (
        <Notice tone="success" testId="task-paid">
          {`${dispute?.resolution ? 'Resolved' : 'Approved'}: ${formatMoney(money.workerCents)} was paid to you.`}{' '}
          <Link href="/worker/earnings" className="underline">
            See your earnings
          </Link>
          .
        </Notice>
      )}

      {people && (
        <TaskReviewPanel
          due={people.reviewDue}
          about={people.names.requester}
          action={reviewTaskAction.bind(null, task.id)}
        />
      )}

      <TaskPlaceMap task={task} tileUrl={env().MAP_TILE_URL} />

      {assigned && (
        <TaskPanels
          names={people?.names}
          page={{ task, thread, timeline }}
          side="worker"
          closedThreadNote="The thread opens when you accept the task."
          postMessage={postMessageAction}
        />
      )}
    </div>
  );
}
