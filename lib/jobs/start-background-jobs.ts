import { type Database, getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getPushSender } from '@/lib/push/get-push-sender';
import { sendDuePushes } from '@/lib/services/messaging/push/send-due-pushes';
import { sendDueSms } from '@/lib/services/messaging/sms/send-due-sms';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { reconcileCardCharges } from '@/lib/services/money/reconcile-card-charges';
import { notifyNearbyWorkers } from '@/lib/services/notifications/notify-nearby-workers';
import { sendAgentChargeDigests } from '@/lib/services/notifications/send-agent-charge-digests';
import { sendDueMessageDigests } from '@/lib/services/notifications/send-due-message-digests';
import { sendDueNotificationEmails } from '@/lib/services/notifications/send-due-notification-emails';
import { runTaskSeries } from '@/lib/services/series/run-task-series';
import { reconcileX402Payments } from '@/lib/services/tasks/reconcile-x402-payments';
import { runTaskDeadlines } from '@/lib/services/tasks/run-task-deadlines';
import { sweepWaits, watchWaits } from '@/lib/services/waits/sweep-waits';
import { getMessenger } from '@/lib/sms/get-messenger';
import { type RunningDispatcher, runDispatcher } from '@/lib/webhooks/run-dispatcher';
import { runExpiredRowsSweep } from './sweep-expired-rows';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const TASK_DEADLINES_INTERVAL_MS = 60 * 1000;
const SMS_INTERVAL_MS = 5 * 1000;
const NOTIFICATION_EMAIL_INTERVAL_MS = 5 * 1000;
const PUSH_INTERVAL_MS = 2 * 1000;
const NEARBY_INTERVAL_MS = 2 * 1000;
const PAYMENTS_INTERVAL_MS = 5 * 1000;
const DIGEST_INTERVAL_MS = 5 * 60 * 1000;
const WAITS_INTERVAL_MS = 5 * 1000;
const SERIES_INTERVAL_MS = 60 * 1000;

// The jobs this process runs: their timers, their rounds in flight and the signal that stops them. On globalThis:
// instrumentation.ts starts them in Next's copy of lib/, server.ts stops them from its own.
type Jobs = {
  timers: NodeJS.Timeout[];
  rounds: Set<Promise<unknown>>;
  stopping: AbortController;
  dispatcher?: Promise<RunningDispatcher | undefined>;
  unwatchWaits?: Promise<() => Promise<void>>;
};
const holder = globalThis as typeof globalThis & { __legworkJobs?: Jobs };
const jobs = (): Jobs => (holder.__legworkJobs ??= { timers: [], rounds: new Set(), stopping: new AbortController() });

/** Opens the database (applying migrations) as the server boots, then starts the periodic jobs. */
export async function startBackgroundJobs(): Promise<void> {
  const database = await getDatabase();
  if (jobs().stopping.signal.aborted) return; // shut down before the database opened
  const sweep = every(SWEEP_INTERVAL_MS, () => runExpiredRowsSweep(database));
  // Expiring overdue posted tasks and completing unanswered submissions (each task its own transaction).
  const deadlines = () =>
    runTaskDeadlines(database.db).catch((error) => logger.error('task deadlines failed', { error }));
  every(TASK_DEADLINES_INTERVAL_MS, deadlines);
  // Outbound webhooks: every instance drains the outbox (SKIP LOCKED splits the work); `npm run worker` can too.
  if (env().WEBHOOKS_ALLOW_PRIVATE_URLS) {
    logger.warn('WEBHOOKS_ALLOW_PRIVATE_URLS=1: outbound webhooks may reach http and private/loopback addresses');
  }
  jobs().dispatcher = runDispatcher(database).catch((error) => {
    logger.error('webhook dispatcher failed to start', { error });
    return undefined;
  });
  // Outbound SMS, notification emails and pushes: every instance sends what is due in sms_outbox and
  // notification_emails (claims split the rows); the rounds of one never overlap.
  repeatRounds(SMS_INTERVAL_MS, 'sms', (signal) => sendDueSms(database.db, { messenger: getMessenger(), signal }));
  repeatRounds(NOTIFICATION_EMAIL_INTERVAL_MS, 'notification emails', (signal) =>
    sendDueNotificationEmails(database.db, { signal }),
  );
  // Batched message notifications: each thread left unread NOTIFY_UNREAD_AFTER_SECONDS becomes one email or text,
  // queued for the rounds above and the SMS ones.
  repeatRounds(NOTIFICATION_EMAIL_INTERVAL_MS, 'message digests', (signal) =>
    sendDueMessageDigests(database, { signal }),
  );
  // Web push: the same, from push_outbox; through the push services, or kept in the outbox (lib/push/get-push-sender.ts).
  if (env().PUSH_ALLOW_PRIVATE_URLS) {
    logger.warn('PUSH_ALLOW_PRIVATE_URLS=1: pushes may go to http and private/loopback endpoints');
  }
  repeatRounds(PUSH_INTERVAL_MS, 'pushes', (signal) => sendDuePushes(database.db, { sender: getPushSender(), signal }));
  // The daily digest of agents' card charges, for operators who chose it: queued once a UTC day has ended (one per
  // operator and day), then sent by the notification-email rounds above.
  repeatRounds(DIGEST_INTERVAL_MS, 'agent charge digests', () => sendAgentChargeDigests(database.db));
  // Transfers and refunds recorded by committed transactions (and pay held until a payout account can receive it).
  repeatRounds(PAYMENTS_INTERVAL_MS, 'payments', () => performDuePayments(database.db));
  // Payments whose request died (x402 settled, card charged, no task posted): posted or given back (docs/payments.md).
  repeatRounds(TASK_DEADLINES_INTERVAL_MS, 'payment reconciliation', async () => ({
    ...(await reconcileX402Payments(database.db)),
    ...(await reconcileCardCharges(database.db)),
  }));
  // Recurring tasks: occurrences planned at their lead time, then created and charged; lapsed reservations opened.
  repeatRounds(SERIES_INTERVAL_MS, 'recurring tasks', (signal) => runTaskSeries(database.db, { signal }));
  // "New task near you": every instance drains the fan-outs the posting transactions queued (each task's row is
  // claimed with SKIP LOCKED), unless NEARBY_NOTICES_JOB=0 leaves it to another instance.
  if (env().NEARBY_NOTICES_JOB)
    repeatRounds(NEARBY_INTERVAL_MS, 'nearby notices', (signal) => fanOutNearbyTasks(database, signal));
  // Durable waits (MCP Tasks): finished as their tasks change (a LISTEN of their own), at their deadline by the
  // rounds, and forgotten after their TTL.
  jobs().unwatchWaits = watchWaits(database).catch((error) => {
    logger.error('watching waits failed to start', { error });
    return async () => {};
  });
  repeatRounds(WAITS_INTERVAL_MS, 'waits', () => sweepWaits(database.db));
  await sweep();
}

/**
 * Stops the jobs started in this process: no new round starts, a running one claims no further batch, and this
 * waits until the rounds in flight have settled what they claimed (sent, or rescheduled for any instance to take)
 * or `deadline` (`Date.now()` ms) comes. A round cut short by the exit leaves its rows to their lease.
 */
export async function stopBackgroundJobs(deadline: number): Promise<void> {
  const running = holder.__legworkJobs;
  if (!running) return;
  running.stopping.abort();
  for (const timer of running.timers) clearInterval(timer);
  const settled = Promise.allSettled([
    ...running.rounds,
    running.dispatcher?.then((dispatcher) => dispatcher?.stop()),
    running.unwatchWaits?.then((unwatch) => unwatch()),
  ]);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  const inTime = await Promise.race([settled.then(() => true), late]);
  clearTimeout(timer);
  if (!inTime) logger.warn('background jobs still running at the shutdown deadline', { rounds: running.rounds.size });
}

/**
 * Runs `run` every `intervalMs`, skipping a beat while the previous run still goes, and never once the jobs are
 * stopping. Returns a run now (which resolves when it ends).
 */
function every(intervalMs: number, run: (signal: AbortSignal) => Promise<unknown>): () => Promise<void> {
  const state = jobs();
  let running: Promise<unknown> | undefined;
  const tick = async () => {
    if (running || state.stopping.signal.aborted) return;
    running = run(state.stopping.signal);
    state.rounds.add(running);
    try {
      await running;
    } finally {
      state.rounds.delete(running);
      running = undefined;
    }
  };
  state.timers.push(setInterval(() => void tick(), intervalMs).unref());
  return tick;
}

/**
 * Runs `round` every `intervalMs`, skipping a beat while the previous round still runs: a log line with its counts
 * when it moved anything, or the error. Never throws. `signal` aborts when the jobs stop (claim no more).
 */
function repeatRounds(
  intervalMs: number,
  what: string,
  round: (signal: AbortSignal) => Promise<Record<string, number>>,
): void {
  every(intervalMs, async (signal) => {
    try {
      const counts = await round(signal);
      if (Object.values(counts).some((count) => count > 0)) logger.info(`sent due ${what}`, { counts });
    } catch (error) {
      logger.error(`sending due ${what} failed`, { error });
    }
  });
}

/** Fan-out rounds until the queue is empty or the jobs stop; the tasks and notices of all of them. */
async function fanOutNearbyTasks(database: Database, signal: AbortSignal): Promise<Record<string, number>> {
  const total = { tasks: 0, notices: 0 };
  while (!signal.aborted) {
    const done = await notifyNearbyWorkers(database);
    if (done.tasks === 0) return total;
    total.tasks += done.tasks;
    total.notices += done.notices;
  }
  return total;
}
