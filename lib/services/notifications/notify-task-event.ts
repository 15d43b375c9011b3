import type { Tx } from '@/db/client';
import type { NotificationKind, Task } from '@/db/schema';
import { formatZonedDateTime } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';
import type { TaskAction } from '@/lib/tasks/task-transitions';
import { findTaskPayout, type TaskPayout } from './find-task-payout';
import { notify } from './notify';
import { payoutNoticeKey } from './notify-payout-sent';
import { taskLink } from './task-link';
import { type TaskPartyNames, taskPartyNames } from './task-party-names';
import { workerTimeZone } from './worker-time-zone';

export type TaskEventNotice = {
  action: TaskAction;
  task: Task;
  previous: Pick<Task, 'workerId'>;
  requesterOwnerId: string | null;
  /** Never told about their own action. */
  actorId: string | null;
  /** The dedupe key, so one transition notifies once. */
  eventId: string;
  eventData?: Record<string, unknown>;
};

type Side = 'requester' | 'worker';

/** Workers nearby hear of a posting another way. */
const SILENT = new Set<TaskAction>(['publish', 'withdraw']);
/** The actions whose effect records the worker's pay. */
const PAYING = new Set<TaskAction>(['approve', 'autoComplete', 'resolve']);
/** `dedupeKey`: another cause than the event, such as the payout this notice announces. */
type Notice = { side: Side; kind: NotificationKind; title: string; body: string; dedupeKey?: string };
type Context = { names: TaskPartyNames; payout: TaskPayout | null; bookingZone: string | null };

// In the transition's transaction.
export async function notifyTaskEvent(tx: Tx, notice: TaskEventNotice): Promise<void> {
  if (SILENT.has(notice.action)) return;
  const { task } = notice;
  const workerId = task.workerId ?? notice.previous.workerId;
  const context: Context = {
    names: await taskPartyNames(tx, { requesterId: task.requesterId, workerId }),
    payout: PAYING.has(notice.action) ? await findTaskPayout(tx, task) : null,
    bookingZone: notice.action === 'book' && workerId ? await workerTimeZone(tx, workerId) : null,
  };
  const recipients: Record<Side, (string | null)[]> = {
    requester: [task.requesterId, notice.requesterOwnerId],
    worker: [workerId],
  };
  for (const { side, kind, title, body, dedupeKey } of noticesFor(notice, context)) {
    for (const userId of new Set(recipients[side])) {
      if (!userId || userId === notice.actorId) continue;
      await notify(tx, {
        userId,
        kind,
        title,
        body,
        taskId: task.id,
        link: taskLink(side, task.id),
        dedupeKey: dedupeKey ?? `${kind}:${notice.eventId}`,
      });
    }
  }
}

function noticesFor({ action, task, actorId, eventData }: TaskEventNotice, context: Context): Notice[] {
  const { names, payout } = context;
  // Pay already on its way: this notice is the payout's one notification (notify-payout-sent.ts).
  const payoutKey = payout && !payout.held ? payoutNoticeKey(payout.transferId) : undefined;
  const quoted = `“${task.title}”`;
  const worker = names.worker ?? 'The worker';
  const pay = formatMoney(task.budgetCents);
  const reason = typeof eventData?.reason === 'string' ? eventData.reason : null;
  switch (action) {
    case 'accept':
      return [
        {
          side: 'requester',
          kind: 'task_accepted',
          title: `${worker} accepted ${quoted}`,
          body: `${worker} is on it. You can message them on the task’s page.`,
        },
      ];
    case 'acceptOffer':
      return [
        {
          side: 'worker',
          kind: 'task_offer',
          title: `Your offer on ${quoted} was accepted`,
          body: `${names.requester} accepted your offer. You earn ${pay}; the thread is open.`,
        },
      ];
    case 'book':
      return [
        {
          side: 'worker',
          kind: 'task_accepted',
          title: `New booking: ${quoted}`,
          body: `${names.requester} booked you${task.startsAt ? ` from ${formatZonedDateTime(task.startsAt, context.bookingZone)}` : ''}. You earn ${pay}; the thread is open.`,
        },
      ];
    case 'decline':
      return [
        {
          side: 'requester',
          kind: 'task_cancelled',
          title: `${worker} declined the booking ${quoted}`,
          body: `${formatMoney(task.totalCents)} is refunded.`,
        },
      ];
    case 'submit':
      return [
        {
          side: 'requester',
          kind: 'task_submitted',
          title: `${worker} finished ${quoted}`,
          body: submittedNoticeBody(task),
        },
      ];
    case 'requestRevision':
      return [
        {
          side: 'worker',
          kind: 'revision_requested',
          title: `${names.requester} asked for changes to ${quoted}`,
          body: reason
            ? `What to change: ${sentence(reason)}`
            : 'Look at the task’s page for what to change, then submit again.',
        },
      ];
    case 'approve':
    case 'autoComplete': {
      const how =
        action === 'approve'
          ? `${names.requester} approved the work`
          : reason === 'auto_approved'
            ? 'Every check of the proof passed, so it was approved automatically'
            : 'Nobody answered the submission within 72 hours, so it was approved';
      return [
        payout?.held
          ? {
              side: 'worker',
              kind: 'task_completed',
              title: `You earned ${pay} for ${quoted}`,
              body: `${how}. The pay waits until your payout account can receive it; you will hear when it is sent.`,
            }
          : {
              side: 'worker',
              kind: 'task_completed',
              title: `You were paid ${pay} for ${quoted}`,
              body: `${how}.`,
              dedupeKey: payoutKey,
            },
        {
          side: 'requester',
          kind: 'task_completed',
          title: `${quoted} is complete`,
          body: `${how}; ${worker} was paid ${pay}.`,
        },
      ];
    }
    case 'cancel':
      return [
        {
          side: 'worker',
          kind: 'task_cancelled',
          title: `${names.requester} cancelled ${quoted}`,
          body: cancelledWords(eventData?.cancellation),
        },
      ];
    case 'expire':
      return [
        {
          side: 'requester',
          kind: 'task_expired',
          title: `${quoted} expired`,
          body:
            reason === 'not_accepted'
              ? `No worker accepted it in the time you set. ${formatMoney(task.totalCents)} is refunded.`
              : `No worker took it before its deadline. ${formatMoney(task.totalCents)} is refunded.`,
        },
      ];
    case 'dispute': {
      const byWorker = actorId !== null && actorId === task.workerId;
      const opener = byWorker ? worker : names.requester;
      const body = `${reason ? `Reason: ${sentence(reason)} ` : ''}Our team looks at both sides and decides.`;
      return [
        {
          side: byWorker ? 'requester' : 'worker',
          kind: 'dispute_opened',
          title: `${opener} opened a dispute on ${quoted}`,
          body,
        },
      ];
    }
    case 'resolve': {
      const body = resolutionWords(eventData?.resolution, task, worker);
      const title = `The dispute on ${quoted} is resolved`;
      return [
        { side: 'worker', kind: 'dispute_resolved', title, body, dedupeKey: payoutKey },
        { side: 'requester', kind: 'dispute_resolved', title, body },
      ];
    }
    default:
      return [];
  }
}

function cancelledWords(cancellation: unknown): string {
  const { reason, feeCents } = (cancellation ?? {}) as { reason?: string; feeCents?: number };
  if (reason === 'late' && feeCents) return `You get ${formatMoney(feeCents)} as the cancellation fee for your trip.`;
  if (reason === 'no_show') return 'The deadline passed without a submission, so the task was called off.';
  return 'It was called off soon after you accepted it, so no cancellation fee is due.';
}

function resolutionWords(resolution: unknown, task: Task, worker: string): string {
  const { outcome, workerCents } = (resolution ?? {}) as { outcome?: string; workerCents?: number };
  if (outcome === 'pay_worker') return `${worker} was paid ${formatMoney(task.budgetCents)}.`;
  if (outcome === 'split') return `${worker} was paid ${formatMoney(workerCents ?? 0)}; the rest is refunded.`;
  return `${formatMoney(task.totalCents)} is refunded to the requester.`;
}

const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

// The requester hears the verdict's flag, and when the task completes by itself, with the news of the submission.
function submittedNoticeBody(task: TaskEventNotice['task']): string {
  const flagged = task.proofVerification?.status === 'flagged' ? 'Some checks of the proof failed: look closely. ' : '';
  const auto = task.autoApproveAt
    ? 'Every check passed: without an answer it is approved automatically at the time shown on the task.'
    : 'Without an answer in 72 hours it is approved by itself.';
  return `${flagged}Look at the proof, then approve it or ask for a revision. ${auto}`;
}
