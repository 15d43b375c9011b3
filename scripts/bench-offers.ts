// `npm run bench:offers`: the requester's ranked offers (GET /v1/tasks/{id}/offers) on a task with 1,000 offers.
// Seeds a scratch PostgreSQL database with 1,000 listed workers (rated or not, located around Berlin or not) and
// 50 posted tasks, each with 1,000 offers (one per worker; a tenth withdrawn, a tenth expired), then measures:
// 1. the one ranking statement (offerRows, lib/services/offers/offer-rows.ts) in process, RUNS after WARM_UP: p50
//    and p99, and whether the plan of its predicate (one task's offers) reads task_offers_task_status_idx;
// 2. GET /v1/tasks/{id}/offers end to end through the route handler (a real Request in, the Response read back:
//    the whole pipeline with an API key, in this process), REQUESTS one after another: p50 (target <= 10 ms), p99.
import pg from 'pg';
import { GET } from '../app/v1/tasks/[id]/offers/route';
import { openDatabase, setDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { flushUsageLog } from '../lib/api/usage-log';
import { offerRows } from '../lib/services/offers/offer-rows';
import { median, seedApiKey, serverUrl } from './bench-server';

const OFFERS_PER_TASK = 1_000;
const TASKS = 50;
const RUNS = 200;
const WARM_UP = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const TARGET_MS = 10;

const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_offers');
try {
  const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
  setDatabase(database);
  const apiKey = await seedApiKey(databaseUrl, ['tasks:read']);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const started = performance.now();
  const taskIds = await seed(client);
  console.log(
    `seeded ${TASKS} posted tasks × ${OFFERS_PER_TASK.toLocaleString('en')} offers from as many workers in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const pick = () => taskIds[Math.floor(Math.random() * taskIds.length)] ?? '';

  const statement: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const t0 = performance.now();
    await offerRows(database.db, { taskId: pick(), limit: 50 });
    if (i >= WARM_UP) statement.push(performance.now() - t0);
  }
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `explain select id from task_offers where task_id = $1 order by status`,
    [pick()],
  );
  const usesIndex = plan.rows.some((row) => row['QUERY PLAN'].includes('task_offers_task_status_idx'));

  const endToEnd: number[] = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const id = pick();
    const request = new Request(`http://localhost:3000/v1/tasks/${id}/offers?limit=50`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const t0 = performance.now();
    const response = await GET(request, { params: Promise.resolve({ id }) });
    const body = (await response.json()) as { data?: unknown[] };
    if (response.status !== 200 || body.data?.length !== 50) throw new Error(`unexpected answer ${response.status}`);
    if (i >= WARM_UP) endToEnd.push(performance.now() - t0);
  }
  await client.end();
  await flushUsageLog();
  await database.close();
  setDatabase(undefined);

  const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;
  const statementP50 = median(statement);
  const p50 = median(endToEnd);
  console.log(`\nranked offers, ${OFFERS_PER_TASK.toLocaleString('en')} on the task, first 50`);
  console.log(
    `ranking statement: p50 ${statementP50.toFixed(2)} ms, p99 ${p99(statement).toFixed(2)} ms ` +
      `(index task_offers_task_status_idx ${usesIndex ? 'used' : 'NOT used'})`,
  );
  console.log(
    `GET /v1/tasks/{id}/offers: p50 ${p50.toFixed(2)} ms, p99 ${p99(endToEnd).toFixed(2)} ms; ` +
      `p50 / target ${(p50 / TARGET_MS).toFixed(2)} (target <= 1.00, ${TARGET_MS} ms); statement p50 / target ` +
      `${(statementP50 / TARGET_MS).toFixed(2)}`,
  );
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
  else await dropScratchDatabase(serverUrl, databaseUrl);
}

// One INSERT … SELECT per table, as the other benches seed; VACUUM ANALYZE so the planner knows the sizes.
async function seed(client: pg.Client): Promise<string[]> {
  const { rows: requester } = await client.query<{ id: string }>(
    `select id from users where email = 'bench@example.com'`,
  );
  await client.query(
    `with new_users as (
       insert into users (email, name)
       select 'worker-' || g || '@bench.example', 'Worker ' || g from generate_series(1, $1::int) g
       returning id
     )
     insert into worker_profiles (user_id, display_name, lat, lng, is_listed, average_rating, rating_count)
     select id, 'Worker',
       case when random() < 0.8 then 52.52 + (random() - 0.5) * 0.6 end,
       13.405 + (random() - 0.5) * 0.9, true,
       case when random() < 0.7 then round((1 + random() * 4)::numeric, 2) end, floor(random() * 40)::int
     from new_users`,
    [OFFERS_PER_TASK],
  );
  await client.query(`update worker_profiles set lng = null where lat is null`);
  const { rows: created } = await client.query<{ id: string }>(
    `insert into tasks (requester_id, title, category, budget_cents, platform_fee_cents, total_cents, deadline,
       status, livemode, lat, lng)
     select $1, 'Bench task ' || g, 'errand', 2000, 300, 2300, now() + interval '7 days', 'posted', false,
       52.52, 13.405
     from generate_series(1, $2::int) g
     returning id`,
    [requester[0]?.id, TASKS],
  );
  await client.query(
    `insert into task_offers (task_id, worker_id, price_cents, message, status, expires_at)
     select t.id, p.user_id, 1000 + floor(random() * 2000)::int, 'I can do it',
       case when random() < 0.1 then 'withdrawn'::task_offer_status else 'pending'::task_offer_status end,
       now() + case when random() < 0.1 then interval '-1 hour' else interval '1 day' end
     from tasks t cross join worker_profiles p
     where t.status = 'posted'`,
  );
  await client.query('vacuum analyze');
  return created.map((row) => row.id);
}
