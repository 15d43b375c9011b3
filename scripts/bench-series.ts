// Recurring tasks benchmark (part of `npm run bench`): the job that plans the due occurrences of BENCH_SERIES
// (100,000) active series, in batches of 500 (FOR UPDATE SKIP LOCKED, three statements a batch), on a scratch
// PostgreSQL database. Target: at least 2,000 occurrences planned per second; prints the rate and its ratio to the
// target. Funding is measured beside it on BENCH_FUNDED (200) of those occurrences: each is a task created and
// charged to a test-mode card through fund-task (several transactions and a processor call each), so it runs at
// its own rate, reported as it is. Planning and funding are separate rounds, so a slow charge never holds up the
// scan.
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { execute } from '../db/execute';
import { taskSeriesOccurrences, users } from '../db/schema';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { getProcessor } from '../lib/payments/get-processor';
import { confirmTestSetup } from '../lib/payments/test-mode/confirm-test-setup';
import { startWalletSetup } from '../lib/services/money/start-wallet-setup';
import { fundDueOccurrences } from '../lib/services/series/fund-due-occurrences';
import { planDueOccurrences } from '../lib/services/series/plan-due-occurrences';
import { serverUrl } from './bench-server';

const SERIES = Number(process.env.BENCH_SERIES ?? 100_000);
const FUNDED = Number(process.env.BENCH_FUNDED ?? 200);
const TARGET_PER_SECOND = 2_000;

delete process.env.STRIPE_SECRET_KEY; // test-mode payments: the bench's card is the test processor's 4242
const url = await createScratchDatabase(serverUrl, 'legwork_bench_series');
const database = await openDatabase({ driver: 'pg', url });
try {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: 'bench-series@example.com', type: 'human', name: 'Bench' })
    .returning();
  if (!user) throw new Error('bench user missing');
  const processor = getProcessor(db);
  const { setupUrl } = await startWalletSetup(db, { processor, user, returnUrl: 'http://localhost:3000/' });
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
  if (!(await confirmTestSetup(db, setupUrl.split('/').pop() ?? '', card)).ok) throw new Error('test card refused');

  // Weekly series whose next occurrence (in the next day, spread over it) is inside its 48 h lead: all due now.
  const template = JSON.stringify({ title: 'Water the plants', budgetCents: 2_000, proofRequirements: ['text'] });
  const seeded = performance.now();
  await execute(
    db,
    sql`insert into task_series (requester_id, livemode, template, cadence, first_occurrence_at, duration_minutes,
          time_zone, count, lead_hours, next_occurrence_at, next_index, next_plan_at)
        select ${user.id}, false, ${template}::jsonb,
          '{"kind":"weekly","days":["mon","wed","fri"],"intervalWeeks":1}'::jsonb, t.at, 120,
          (array['UTC','Europe/Berlin','America/New_York'])[1 + i % 3], 52, 48, t.at, 1, t.at - interval '48 hours'
        from generate_series(1, ${SERIES}) i,
          lateral (select now() + interval '1 hour' + (i % 86400) * interval '1 second' as at) t`,
  );
  console.log(`seeded ${SERIES} series in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const started = performance.now();
  let planned = 0;
  let batches = 0;
  for (;;) {
    const batch = await planDueOccurrences(db, { batchSize: 500 });
    if (batch.series === 0) break;
    planned += batch.occurrences;
    batches += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = planned / seconds;
  console.log(
    `planned ${planned} occurrences of ${SERIES} series in ${batches} batches, ${seconds.toFixed(1)} s: ` +
      `${Math.round(rate)} occurrences/s, ${(rate / TARGET_PER_SECOND).toFixed(2)}× the target of ${TARGET_PER_SECOND}/s`,
  );

  // Funding: only the first FUNDED occurrences stay pending.
  await execute(
    db,
    sql`update task_series_occurrences set status = 'failed', failure = 'bench'
        where id not in (select id from task_series_occurrences order by occurrence_at limit ${FUNDED})`,
  );
  const funding = performance.now();
  let created = 0;
  for (;;) {
    const round = await fundDueOccurrences(db, { batchSize: 50 });
    const done = round.created + round.paused + round.dropped + round.failed;
    created += round.created;
    if (done === 0) break;
  }
  const fundSeconds = (performance.now() - funding) / 1000;
  const fundRate = created / fundSeconds;
  const left = await db.select().from(taskSeriesOccurrences).where(eq(taskSeriesOccurrences.status, 'pending'));
  console.log(
    `funded ${created} occurrences (tasks created and charged) in ${fundSeconds.toFixed(1)} s: ${Math.round(fundRate)}/s, ` +
      `${(fundRate / TARGET_PER_SECOND).toFixed(3)}× the planning target (${left.length} left pending)`,
  );
  if (rate < TARGET_PER_SECOND) process.exitCode = 1;
} finally {
  await database.close();
  await dropScratchDatabase(serverUrl, url);
}
