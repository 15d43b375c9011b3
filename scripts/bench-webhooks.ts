// `npm run bench:webhooks`: outbound webhook dispatch throughput. In a scratch PostgreSQL database, ENDPOINTS
// endpoints of one owner point at a local HTTP receiver; EVENTS events are written to the outbox at once with
// their deliveries (as emitEvent queues them), then DISPATCHERS dispatch loops (standing for as many instances)
// sign and send every delivery. The figure is deliveries that reached the receiver and were recorded as
// succeeded, per second, from the first claim to the last recorded attempt. Target: ≥ 200 deliveries/s.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { seal } from '../lib/auth/secret-box';
import { queueDeliveriesSql } from '../lib/events/queue-deliveries-sql';
import { dispatchOnce } from '../lib/webhooks/dispatcher';
import { generateWebhookSecret, SECRET_PURPOSE } from '../lib/webhooks/signing';
import { serverUrl } from './bench-server';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2500);
const ENDPOINTS = 4;
const DISPATCHERS = 2;
const TARGET = 200;

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(204);
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_webhooks');
try {
  const database = await openDatabase({ driver: 'pg', url: databaseUrl, maxConnections: 20 });
  const [owner] = await database.query<{ id: string }>(
    'bench_owner',
    `insert into users (email, name) values ('webhooks@bench.example', 'Bench') returning id`,
    [],
  );
  if (!owner) throw new Error('no owner');
  for (let i = 0; i < ENDPOINTS; i++) {
    await database.query(
      'bench_endpoint',
      'insert into webhook_endpoints (owner_id, url, secret, livemode) values ($1, $2, $3, false)',
      [owner.id, `http://127.0.0.1:${port}/hooks/${i}`, seal(SECRET_PURPOSE, generateWebhookSecret())],
    );
  }
  await database.query(
    'bench_events',
    `with e as (
       insert into events (id, type, data, audience, livemode)
       select 'evt_bench_' || g, 'task.posted', jsonb_build_object('task', jsonb_build_object('id', g, 'title', 'Bench task ' || g)),
         array[$1::uuid], false
       from generate_series(1, $2::int) g
       returning id, type, audience, livemode
     ) ${queueDeliveriesSql('e')}`,
    [owner.id, EVENTS],
  );
  const expected = EVENTS * ENDPOINTS;
  console.log(
    `${EVENTS.toLocaleString('en')} events × ${ENDPOINTS} endpoints = ${expected.toLocaleString('en')} deliveries, ` +
      `${DISPATCHERS} dispatchers, receiver on 127.0.0.1:${port}`,
  );

  const started = performance.now();
  await Promise.all(
    Array.from({ length: DISPATCHERS }, () => dispatchOnce(database, { allowPrivate: true, batchSize: 100 })),
  );
  const seconds = (performance.now() - started) / 1000;

  const [counts] = await database.query<{ succeeded: number; other: number; attempts: number }>(
    'bench_counts',
    `select count(*) filter (where status = 'succeeded')::int as succeeded,
            count(*) filter (where status <> 'succeeded')::int as other,
            (select count(*) from webhook_attempts)::int as attempts
     from webhook_deliveries`,
    [],
  );
  const rate = (counts?.succeeded ?? 0) / seconds;
  console.log(
    `delivered ${counts?.succeeded} (not succeeded: ${counts?.other}; attempts logged: ${counts?.attempts}; ` +
      `requests received: ${received}) in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `webhook dispatch: ${rate.toFixed(0)} deliveries/s (target >= ${TARGET}) ${rate >= TARGET ? 'OK' : 'BELOW TARGET'}`,
  );
  await database.close();
  if (counts?.succeeded !== expected || received !== expected) process.exitCode = 1;
} finally {
  await dropScratchDatabase(serverUrl, databaseUrl);
  receiver.close();
}
