import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase, type Unlisten } from '@/db/client';
import { events, webhookDeliveries } from '@/db/schema';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { insertUser } from '@/test/factories';
import { withPrivateUrls } from '@/test/webhooks';
import { EVENTS_CHANNEL, emitEvent } from './emit-event';

const notified: string[] = [];
let unlisten: Unlisten | undefined;
beforeAll(async () => {
  const database = await getDatabase();
  unlisten = await database.listen?.(EVENTS_CHANNEL, {
    onNotify: (payload) => notified.push(payload),
    onReconnect: () => {},
  });
});
afterAll(() => unlisten?.());

async function ownerWithEndpoint() {
  const { db } = await getDatabase();
  const owner = await insertUser(db);
  const endpoint = await withPrivateUrls(() =>
    createWebhookEndpoint(db, { ownerId: owner.id, livemode: false, input: { url: 'http://127.0.0.1:9/hooks' } }),
  );
  return { owner, endpoint };
}

/** Gives a notification sent at commit time to reach the listening connection. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('emitEvent', () => {
  it('writes the event and its deliveries in the caller’s transaction: a rollback leaves neither', async () => {
    const { db } = await getDatabase();
    const { owner, endpoint } = await ownerWithEndpoint();
    let eventId = '';
    await expect(
      db.transaction(async (tx) => {
        const event = await emitEvent(tx, { type: 'task.posted', audience: [owner.id], data: {}, livemode: false });
        eventId = event.id;
        expect(event.deliveries).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select().from(events).where(eq(events.id, eventId))).toEqual([]);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });

  it('drops duplicate and empty audience entries and stores what it was given', async () => {
    const { db } = await getDatabase();
    const { owner, endpoint } = await ownerWithEndpoint();
    const event = await emitEvent(db, {
      type: 'task.accepted',
      data: { task: { id: 't' }, previousStatus: 'posted' },
      audience: [owner.id, null, owner.id, undefined],
      livemode: false,
    });
    const [stored] = await db.select().from(events).where(eq(events.id, event.id));
    expect(stored).toMatchObject({
      type: 'task.accepted',
      audience: [owner.id],
      data: { task: { id: 't' }, previousStatus: 'posted' },
    });
    expect(stored?.createdAt.toISOString()).toBe(event.createdAt.toISOString());
    const queued = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(queued.map((row) => row.endpointId)).toEqual([endpoint.id]);
  });

  it('wakes the dispatchers only when it queued a delivery', async () => {
    const database = await getDatabase();
    expect(unlisten).toBeDefined();
    const { owner } = await ownerWithEndpoint();
    const nobody = await insertUser(database.db);
    const unheard = await emitEvent(database.db, {
      type: 'task.posted',
      audience: [nobody.id],
      data: {},
      livemode: false,
    });
    const heard = await emitEvent(database.db, {
      type: 'task.posted',
      audience: [owner.id],
      data: {},
      livemode: false,
    });
    await settle();
    expect(unheard.deliveries).toBe(0);
    expect(notified).toContain(heard.id);
    expect(notified).not.toContain(unheard.id);
  });
});
