import pg from 'pg';
import { openDatabase } from '../db/client';
import { median } from './bench-server';

// Helpers the geo search benches share (bench-workers.ts, bench-services.ts, bench-coverage.ts).

/** A random point within `meters` of the centre, uniform over the disc. */
export function near(centre: { lat: number; lng: number }, meters: number) {
  const r = meters * Math.sqrt(Math.random());
  const theta = 2 * Math.PI * Math.random();
  return {
    lat: centre.lat + (r * Math.cos(theta)) / 111_320,
    lng: centre.lng + (r * Math.sin(theta)) / (111_320 * Math.cos((centre.lat * Math.PI) / 180)),
  };
}

/**
 * Migrates the scratch database, then for each size seeds up to it (`seed(client, from, count)`) and measures.
 * Returns the timings per size and the still-open client.
 */
export async function seedAndMeasure<T>(
  databaseUrl: string,
  {
    sizes,
    noun,
    seed,
    measure,
  }: {
    sizes: number[];
    noun: string;
    seed: (client: pg.Client, from: number, count: number) => Promise<void>;
    measure: (client: pg.Client) => Promise<T>;
  },
) {
  const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // dropping the database on failure ends it: let the first error be the one shown
  await client.connect();
  const timings: ({ size: number } & T)[] = [];
  let seeded = 0;
  for (const size of sizes) {
    const started = performance.now();
    await seed(client, seeded, size - seeded);
    seeded = size;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`seeded ${size.toLocaleString('en')} ${noun} in ${seconds} s`);
    timings.push({ size, ...(await measure(client)) });
  }
  return { client, timings };
}

/** EXPLAIN ANALYZE of one execution of a prepared statement: its times, buffers, rows and the plan as text. */
export async function explainExecution(client: pg.Client, statement: string, literals: string[]) {
  const result = await client.query(
    `explain (analyze, buffers, format json) execute ${statement}(${literals.join(', ')})`,
  );
  const [plan] = result.rows[0]['QUERY PLAN'] as {
    'Execution Time': number;
    'Planning Time': number;
    Plan: { 'Actual Rows': number; 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
  }[];
  if (!plan) throw new Error('EXPLAIN returned no plan');
  return {
    executionMs: plan['Execution Time'],
    planningMs: plan['Planning Time'],
    buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'],
    rows: plan.Plan['Actual Rows'],
    text: JSON.stringify(plan.Plan),
  };
}

/**
 * The medians of `runs` executions of a prepared statement (after `warmUp` unmeasured ones, which settle its
 * plan), each with the literal arguments `argsOf()` gives; whether every plan used `index` and was generic.
 */
export async function measureStatement(
  client: pg.Client,
  {
    statement,
    runs,
    warmUp,
    argsOf,
    index,
  }: {
    statement: string;
    runs: number;
    warmUp: number;
    argsOf: () => string[];
    index: string;
  },
) {
  const plans: Awaited<ReturnType<typeof explainExecution>>[] = [];
  for (let run = 0; run < runs + warmUp; run++) {
    const plan = await explainExecution(client, statement, argsOf());
    if (run >= warmUp) plans.push(plan);
  }
  return {
    medianMs: median(plans.map((plan) => plan.executionMs + plan.planningMs)),
    executionMs: median(plans.map((plan) => plan.executionMs)),
    planningMs: median(plans.map((plan) => plan.planningMs)),
    buffers: median(plans.map((plan) => plan.buffers)),
    rows: plans.at(-1)?.rows ?? 0,
    usesIndex: plans.every((plan) => plan.text.includes(index)),
    genericPlan: plans.every((plan) => plan.text.includes('$1')),
  };
}
