import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, getDatabase, openDatabase, setDatabase } from '@/db/client';
import { createScratchDatabase, dropScratchDatabase } from '@/db/scratch-database';
import { emitEvent } from '@/lib/events/emit-event';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { dispatchOnce } from '@/lib/webhooks/dispatcher';
import { insertUser } from '@/test/factories';
import { metricsServerForFile } from '@/test/metrics-server';
import { scrape } from '@/test/prometheus';
import { type Receiver, startReceiver, withPrivateUrls } from '@/test/webhooks';

// The backlog counts every pending delivery in the database. On PostgreSQL the test files share one database, so
// this file reads a scratch database of its own; on PGlite the file's database is its own already.
let shared: Database;
let own: Database;
let ownUrl: string | undefined;
let receiver: Receiver;
const target = metricsServerForFile();
beforeAll(async () => {
  shared = await getDatabase();
  if (shared.driver === 'pg') {
    ownUrl = await createScratchDatabase(inject('databaseUrl'), 'legwork_metrics');
    own = await openDatabase({ driver: 'pg', url: ownUrl, maxConnections: 3 });
    setDatabase(own);
  } else own = shared;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  setDatabase(shared);
  if (ownUrl) {
    await own.close().catch(() => {});
    await dropScratchDatabase(inject('databaseUrl'), ownUrl);
  }
});

const backlog = async () => {
  const metrics = await scrape(target.url);
  return {
    pending: metrics.sample('legwork_outbox_pending_deliveries')?.value,
    oldestDue: metrics.sample('legwork_outbox_oldest_due_seconds')?.value,
  };
};

describe('the outbox backlog', () => {
  it('follows the deliveries queued and not yet sent, and how long the oldest due one has waited', async () => {
    expect(await backlog()).toEqual({ pending: 0, oldestDue: 0 });

    const owner = await insertUser(own.db);
    const endpoint = await withPrivateUrls(() =>
      createWebhookEndpoint(own.db, { ownerId: owner.id, livemode: false, input: { url: receiver.url } }),
    );
    for (let n = 0; n < 3; n++)
      await emitEvent(own.db, { type: 'task.posted', audience: [owner.id], data: { n }, livemode: false });
    await own.db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '30 seconds'`);
    const queued = await backlog();
    expect(queued.pending).toBe(3);
    expect(queued.oldestDue).toBeGreaterThanOrEqual(30);
    expect(queued.oldestDue).toBeLessThan(60);

    // Not due yet (a retry scheduled later): still pending, but nobody is late.
    await own.db.execute(sql`update webhook_deliveries set next_attempt_at = now() + interval '1 hour'`);
    expect(await backlog()).toEqual({ pending: 3, oldestDue: 0 });

    await own.db.execute(sql`update webhook_deliveries set next_attempt_at = now()`);
    await dispatchOnce(own, { allowPrivate: true, endpointIds: [endpoint.id] });
    expect(receiver.received).toHaveLength(3);
    expect(await backlog()).toEqual({ pending: 0, oldestDue: 0 });
  });

  it('is left out of the scrape, which still answers, when the database cannot be read', async () => {
    // A database handle that was closed: every query fails.
    const closed =
      own.driver === 'pg'
        ? await openDatabase({ driver: 'pg', url: ownUrl ?? '', maxConnections: 1 })
        : await openDatabase({
            driver: 'pglite',
            dataDir: 'memory://',
            snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]),
          });
    await closed.close();
    setDatabase(closed);
    try {
      const metrics = await scrape(target.url);
      expect(metrics.sample('legwork_outbox_pending_deliveries')).toBeUndefined();
      expect(metrics.sample('legwork_outbox_oldest_due_seconds')).toBeUndefined();
      expect(metrics.families.has('nodejs_eventloop_lag_seconds')).toBe(true);
      expect(metrics.sample('legwork_long_poll_waiters')?.value).toBe(0);
    } finally {
      setDatabase(own);
    }
    expect(await backlog()).toEqual({ pending: 0, oldestDue: 0 });
  });
});
