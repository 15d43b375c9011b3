import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, getDatabase, openDatabase } from '@/db/client';
import { webhookAttempts, webhookDeliveries } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { insertUser } from '@/test/factories';
import { type Receiver, startReceiver, withPrivateUrls } from '@/test/webhooks';
import { dispatchOnce } from './dispatcher';

// Three connection pools stand for three instances (or `npm run worker` processes) draining one outbox.
let receiver: Receiver;
let instances: Database[] = [];
beforeAll(async () => {
  receiver = await startReceiver();
  instances = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 5 })),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await receiver.close();
});

describe('dispatchers on several instances', () => {
  it('fan out and send every delivery exactly once between them', async () => {
    const { db } = await getDatabase();
    const owner = await insertUser(db);
    const hooks = await withPrivateUrls(async () => [
      await createWebhookEndpoint(db, { ownerId: owner.id, livemode: false, input: { url: receiver.url } }),
      await createWebhookEndpoint(db, { ownerId: owner.id, livemode: false, input: { url: receiver.url } }),
      await createWebhookEndpoint(db, { ownerId: owner.id, livemode: false, input: { url: receiver.url } }),
    ]);
    const ids = hooks.map((hook) => hook.id);
    const emitted = [];
    for (let i = 0; i < 40; i++) {
      emitted.push(await emitEvent(db, { type: 'task.posted', audience: [owner.id], data: { n: i }, livemode: false }));
    }
    await Promise.all(
      instances.flatMap((instance) =>
        [1, 2].map(() => dispatchOnce(instance, { allowPrivate: true, endpointIds: ids, batchSize: 7 })),
      ),
    );
    await dispatchOnce(instances[0] as Database, { allowPrivate: true, endpointIds: ids });

    const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, ids));
    expect(rows).toHaveLength(120);
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((row) => row.id),
        ),
      );
    expect(attempts).toHaveLength(120);
    const ours = new Set(emitted.map((event) => event.id));
    const got = receiver.received.filter((request) => ours.has(request.headers['webhook-id'] ?? ''));
    expect(got).toHaveLength(120);
    const perEndpointAndEvent = new Set(got.map((request) => `${request.headers['webhook-id']}`));
    expect(perEndpointAndEvent.size).toBe(40);
  });
});
