import { type Database, getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { sendDueSms } from '@/lib/services/intake/send-due-sms';
import { notifyNearbyWorkers } from '@/lib/services/notifications/notify-nearby-workers';
import { sendDueNotificationEmails } from '@/lib/services/notifications/send-due-notification-emails';
import { performDuePayments } from '@/lib/services/tasks/perform-due-payments';
import { runTaskDeadlines } from '@/lib/services/tasks/run-task-deadlines';
import { getMessenger } from '@/lib/sms/get-messenger';
import { runDispatcher } from '@/lib/webhooks/run-dispatcher';
import { runExpiredRowsSweep } from './sweep-expired-rows';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const TASK_DEADLINES_INTERVAL_MS = 60 * 1000;
const SMS_INTERVAL_MS = 5 * 1000;
const NOTIFICATION_EMAIL_INTERVAL_MS = 5 * 1000;
const NEARBY_INTERVAL_MS = 2 * 1000;
const PAYMENTS_INTERVAL_MS = 5 * 1000;

/** Opens the database (applying migrations) as the server boots, then starts the periodic jobs. */
export async function startBackgroundJobs(): Promise<void> {
  const database = await getDatabase();
  const sweep = () => runExpiredRowsSweep(database);
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  // Expiring overdue posted tasks and completing unanswered submissions (each task its own transaction).
  const deadlines = () =>
    runTaskDeadlines(database.db).catch((error) => logger.error('task deadlines failed', { error }));
  setInterval(deadlines, TASK_DEADLINES_INTERVAL_MS).unref();
  // Outbound webhooks: every instance drains the outbox (SKIP LOCKED splits the work); `npm run worker` can too.
  if (env().WEBHOOKS_ALLOW_PRIVATE_URLS) {
    logger.warn('WEBHOOKS_ALLOW_PRIVATE_URLS=1: outbound webhooks may reach http and private/loopback addresses');
  }
  runDispatcher(database).catch((error) => logger.error('webhook dispatcher failed to start', { error }));
  // Outbound SMS and notification emails: every instance sends what is due in sms_outbox and
  // notification_emails (claims split the rows); the rounds of one never overlap.
  repeatRounds(SMS_INTERVAL_MS, 'sms', () => sendDueSms(database.db, { messenger: getMessenger() }));
  repeatRounds(NOTIFICATION_EMAIL_INTERVAL_MS, 'notification emails', () => sendDueNotificationEmails(database.db));
  // Transfers and refunds recorded by committed transactions (and pay held until a payout account can receive it).
  repeatRounds(PAYMENTS_INTERVAL_MS, 'payments', () => performDuePayments(database.db));
  // "New task near you": every instance drains the fan-outs the posting transactions queued (each task's row is
  // claimed with SKIP LOCKED), unless NEARBY_NOTICES_JOB=0 leaves it to another instance.
  if (env().NEARBY_NOTICES_JOB) repeatRounds(NEARBY_INTERVAL_MS, 'nearby notices', () => fanOutNearbyTasks(database));
  await sweep();
}

/**
 * Runs `round` every `intervalMs`, skipping a beat while the previous round still runs: a log line with its counts
 * when it moved anything, or the error. Never throws.
 */
function repeatRounds(intervalMs: number, what: string, round: () => Promise<Record<string, number>>): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const counts = await round();
      if (Object.values(counts).some((count) => count > 0)) logger.info(`sent due ${what}`, { counts });
    } catch (error) {
      logger.error(`sending due ${what} failed`, { error });
    } finally {
      running = false;
    }
  };
  setInterval(() => void tick(), intervalMs).unref();
}

/** Fan-out rounds until the queue is empty; the tasks and notices of all of them. */
async function fanOutNearbyTasks(database: Database): Promise<Record<string, number>> {
  const total = { tasks: 0, notices: 0 };
  for (;;) {
    const done = await notifyNearbyWorkers(database);
    if (done.tasks === 0) return total;
    total.tasks += done.tasks;
    total.notices += done.notices;
  }
}
