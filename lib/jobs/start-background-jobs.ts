import { type Database, type Db, getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { sendDueSms } from '@/lib/services/intake/send-due-sms';
import { notifyNearbyWorkers } from '@/lib/services/notifications/notify-nearby-workers';
import { payHeldWorkers } from '@/lib/services/tasks/pay-held-workers';
import { runTaskDeadlines } from '@/lib/services/tasks/run-task-deadlines';
import { getMessenger } from '@/lib/sms/get-messenger';
import { runDispatcher } from '@/lib/webhooks/run-dispatcher';
import { runExpiredRowsSweep } from './sweep-expired-rows';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const TASK_DEADLINES_INTERVAL_MS = 60 * 1000;
const SMS_INTERVAL_MS = 5 * 1000;
const NEARBY_INTERVAL_MS = 2 * 1000;

/** Opens the database (applying migrations) as the server boots, then starts the periodic jobs. */
export async function startBackgroundJobs(): Promise<void> {
  const database = await getDatabase();
  const sweep = () => runExpiredRowsSweep(database);
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  // Expiring overdue posted tasks and completing unanswered submissions (each task its own transaction).
  // Then sending pay held for workers whose payout account can now receive it.
  const deadlines = () =>
    runTaskDeadlines(database.db)
      .catch((error) => logger.error('task deadlines failed', { error }))
      .then(() => payHeldWorkers(database.db))
      .catch((error) => logger.error('paying held worker pay failed', { error }));
  setInterval(deadlines, TASK_DEADLINES_INTERVAL_MS).unref();
  // Outbound webhooks: every instance drains the outbox (SKIP LOCKED splits the work); `npm run worker` can too.
  if (env().WEBHOOKS_ALLOW_PRIVATE_URLS) {
    logger.warn('WEBHOOKS_ALLOW_PRIVATE_URLS=1: outbound webhooks may reach http and private/loopback addresses');
  }
  runDispatcher(database).catch((error) => logger.error('webhook dispatcher failed to start', { error }));
  // Outbound SMS: every instance sends what is due in sms_outbox (claims split the rows); rounds never overlap.
  let sending = false;
  const texts = () => {
    if (sending) return;
    sending = true;
    void sendTexts(database.db).finally(() => {
      sending = false;
    });
  };
  setInterval(texts, SMS_INTERVAL_MS).unref();
  // "New task near you": every instance drains the fan-outs the posting transactions queued (each task's row
  // is claimed with SKIP LOCKED); rounds never overlap.
  let fanningOut = false;
  const nearby = () => {
    if (fanningOut) return;
    fanningOut = true;
    void fanOutNearbyTasks(database).finally(() => {
      fanningOut = false;
    });
  };
  if (env().NEARBY_NOTICES_JOB) setInterval(nearby, NEARBY_INTERVAL_MS).unref();
  await sweep();
}

/** One round of the SMS dispatcher: a log line when it moved anything, or the error. Never throws. */
async function sendTexts(db: Db): Promise<void> {
  try {
    const counts = await sendDueSms(db, { messenger: getMessenger() });
    if (Object.values(counts).some((count) => count > 0)) logger.info('sent due sms', { counts });
  } catch (error) {
    logger.error('sending due sms failed', { error });
  }
}

/** Fan-out rounds until the queue is empty: a log line when it notified anyone, or the error. Never throws. */
async function fanOutNearbyTasks(database: Database): Promise<void> {
  try {
    for (;;) {
      const done = await notifyNearbyWorkers(database);
      if (done.notices > 0) logger.info('notified nearby workers', done);
      if (done.tasks === 0) return;
    }
  } catch (error) {
    logger.error('new task near you failed', { error });
  }
}
