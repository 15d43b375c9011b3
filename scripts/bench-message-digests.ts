// Batched message notifications (part of `npm run bench`; docs/messaging.md "Message notifications"): the digest
// job on BENCH_DIGEST_THREADS (10,000) threads, each with three unread messages and a due digest, on a scratch
// PostgreSQL database. It turns every digest into one queued summary email (one statement per batch of 500), then
// the email job sends them into the outbox (the built-in mailer, which stores each email). Target: at least 500
// emails a second, end to end; each step's rate is printed beside it, with PASS or MISS.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { execute } from '../db/execute';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { sendDueMessageDigests } from '../lib/services/notifications/send-due-message-digests';
import { sendDueNotificationEmails } from '../lib/services/notifications/send-due-notification-emails';
import { seedAcceptedTasks } from './bench-accepted-tasks';
import { serverUrl } from './bench-server';

const THREADS = Number(process.env.BENCH_DIGEST_THREADS ?? 10_000);
const TARGET_PER_SECOND = 500;

delete process.env.RESEND_API_KEY; // the outbox mailer: emails are stored, nothing leaves the machine
const url = await createScratchDatabase(serverUrl, 'legwork_bench_digests');
try {
  const seeded = await seedAcceptedTasks(url, THREADS, ['messages:write']);
  const database = await openDatabase({ driver: 'pg', url });
  try {
    const { db } = database;
    const started = performance.now();
    // Three messages from the agent in each thread, the worker's bell notice of each, and the worker's due digest:
    // what the message statement leaves behind once the delay has passed.
    await execute(
      db,
      sql`with m as (
            insert into task_messages (task_id, assignment_id, sender_id, body, created_at)
            select a.task_id, a.id, ${seeded.agentId}, 'Please check the side entrance too, note ' || n,
              now() - interval '5 minutes' + n * interval '1 second'
            from task_assignments a, generate_series(1, 3) n
            returning id, task_id, body)
          insert into notifications (user_id, kind, title, body, task_id, link, dedupe_key)
          select ${seeded.workerId}, 'message', 'Agent wrote', m.body, m.task_id, '/worker/tasks/' || m.task_id,
            'message:' || m.id from m`,
    );
    await execute(
      db,
      sql`insert into message_digests (user_id, task_id, first_unread_at, due_at)
          select ${seeded.workerId}, id, now() - interval '6 minutes', now() - interval '1 second' from tasks`,
    );
    console.log(`seeded ${THREADS} threads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const digestStart = performance.now();
    const digests = await sendDueMessageDigests(database);
    const digestSeconds = (performance.now() - digestStart) / 1000;
    const sendStart = performance.now();
    const sent = await sendDueNotificationEmails(db, { batchSize: 200 });
    const sendSeconds = (performance.now() - sendStart) / 1000;
    const perSecond = (count: number, seconds: number) => count / seconds;
    const verdict = (rate: number) =>
      `${rate >= TARGET_PER_SECOND ? 'PASS' : 'MISS'} (target >= ${TARGET_PER_SECOND}/s)`;
    const endToEnd = perSecond(sent.sent, digestSeconds + sendSeconds);
    console.log('\nmessage digests');
    console.log(
      `digest job: ${digests.digests} digests -> ${digests.emails} queued emails in ${digestSeconds.toFixed(2)} s: ` +
        `${perSecond(digests.emails, digestSeconds).toFixed(0)} emails/s ${verdict(perSecond(digests.emails, digestSeconds))}`,
    );
    console.log(
      `email job into the outbox: ${sent.sent} sent (${sent.retrying} retrying, ${sent.failed} failed) in ` +
        `${sendSeconds.toFixed(2)} s: ${perSecond(sent.sent, sendSeconds).toFixed(0)} emails/s`,
    );
    console.log(`end to end: ${endToEnd.toFixed(0)} emails/s ${verdict(endToEnd)}`);
  } finally {
    await database.close();
  }
} finally {
  await dropScratchDatabase(serverUrl, url);
}
