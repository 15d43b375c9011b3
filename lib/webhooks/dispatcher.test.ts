import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emails, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { deleteWebhookEndpoint } from '@/lib/services/webhooks/delete-webhook-endpoint';
import { insertUser } from '@/test/factories';
import {
  attemptsOf,
  deliveriesOf,
  dispatchTo,
  emitTo,
  endpointFor,
  type Receiver,
  receivedBy,
  receiverForFile,
  secondsUntilNextAttempt,
  startReceiver,
} from '@/test/webhooks';

const file = receiverForFile();

const receivedFor = (eventId: string, from: Receiver = file.receiver) => receivedBy(from, eventId);

describe('fan-out', () => {
  it('queues an event, as it is written, for the enabled, matching, same-mode endpoints of its audience only', async () => {
    const { db } = await getDatabase();
    const a = await insertUser(db);
    const b = await insertUser(db);
    const wanted = await endpointFor(a.id, file.receiver.url);
    const filtered = await endpointFor(a.id, file.receiver.url, { events: ['task.accepted'] });
    const otherType = await endpointFor(a.id, file.receiver.url, { events: ['task.completed'] });
    const live = await endpointFor(a.id, file.receiver.url, { livemode: true });
    const outsider = await endpointFor(b.id, file.receiver.url);
    const disabled = await endpointFor(a.id, file.receiver.url);
    await db.update(webhookEndpoints).set({ disabledAt: new Date() }).where(eq(webhookEndpoints.id, disabled.id));
    const deleted = await endpointFor(a.id, file.receiver.url);
    await deleteWebhookEndpoint(db, { ownerId: a.id, endpointId: deleted.id });

    const event = await emitTo('task.accepted', [a.id], { task: { id: 'x' }, previousStatus: 'posted' });
    expect(event.deliveries).toBe(2);
    const queued = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(queued.map((row) => row.endpointId).sort()).toEqual([wanted.id, filtered.id].sort());
    expect(queued.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
    const latecomer = await endpointFor(a.id, file.receiver.url);
    const all = [wanted, filtered, otherType, live, outsider, disabled, deleted, latecomer].map((e) => e.id);
    await dispatchTo(all);

    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(rows.map((row) => row.endpointId).sort()).toEqual([wanted.id, filtered.id].sort());
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    expect(receivedFor(event.id)).toHaveLength(2);
    // The two endpoints' deliveries arrive in either order: exactly one of them is signed with `wanted`'s secret.
    const verified = receivedFor(event.id).flatMap((received) => {
      try {
        return [new Webhook(wanted.secret).verify(received.body, received.headers)];
      } catch {
        return [];
      }
    });
    expect(verified).toHaveLength(1);
    expect(verified[0]).toEqual({
      id: event.id,
      type: 'task.accepted',
      timestamp: event.createdAt.toISOString(),
      data: { task: { id: 'x' }, previousStatus: 'posted' },
    });
  });

  it('a message event reaches the party that did not send it, never its sender', async () => {
    const { db } = await getDatabase();
    const sender = await insertUser(db);
    const recipient = await insertUser(db);
    const senderHook = await endpointFor(sender.id, file.receiver.url);
    const recipientHook = await endpointFor(recipient.id, file.receiver.url);
    // What the messages service emits: the audience is only the other side of the thread.
    const event = await emitTo('task.message.created', [recipient.id], {
      message: { body: 'On my way', senderId: sender.id },
    });
    await dispatchTo([senderHook.id, recipientHook.id]);
    expect(await deliveriesOf(senderHook.id)).toEqual([]);
    expect(await deliveriesOf(recipientHook.id)).toEqual([
      expect.objectContaining({ eventId: event.id, status: 'succeeded' }),
    ]);
    expect(receivedFor(event.id)).toHaveLength(1);
  });
});

describe('answers and retries', () => {
  it('a 3xx is a failed attempt and is not followed', async () => {
    const { db } = await getDatabase();
    const target = await startReceiver();
    const redirecting = await startReceiver(() => ({ status: 302, headers: { location: target.url } }));
    try {
      const owner = await insertUser(db);
      const hook = await endpointFor(owner.id, redirecting.url);
      const event = await emitTo('task.posted', [owner.id]);
      await dispatchTo([hook.id]);
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({ eventId: event.id, status: 'pending', attempts: 1, lastStatusCode: 302 });
      expect(await attemptsOf(delivery?.id ?? '')).toEqual([
        expect.objectContaining({
          attemptNumber: 1,
          statusCode: 302,
          error: 'Redirects are not followed (HTTP 302); update the endpoint URL',
        }),
      ]);
      const wait = await secondsUntilNextAttempt(delivery?.id ?? '');
      expect(wait).toBeGreaterThan(3.5);
      expect(wait).toBeLessThan(6.5);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });

  it('a 5xx retries on the schedule with the same body and webhook-id, and ends failed after 8 attempts', async () => {
    const { db } = await getDatabase();
    const failing = await startReceiver(() => ({ status: 503, body: 'x'.repeat(5000) }));
    try {
      const owner = await insertUser(db);
      const hook = await endpointFor(owner.id, failing.url);
      const event = await emitTo('payment.succeeded', [owner.id], { amountCents: 2875 });
      await dispatchTo([hook.id]);
      const [delivery] = await deliveriesOf(hook.id);
      if (!delivery) throw new Error('no delivery');
      expect(delivery.status).toBe('pending');
      const [first] = await attemptsOf(delivery.id);
      expect(first?.responseSnippet).toHaveLength(1024);

      // Second attempt: due now.
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(webhookDeliveries.id, delivery.id));
      await dispatchTo([hook.id]);
      expect(failing.received).toHaveLength(2);
      expect(failing.received[1]?.body).toBe(failing.received[0]?.body);
      expect(failing.received[1]?.headers['webhook-id']).toBe(event.id);
      const wait = await secondsUntilNextAttempt(delivery.id);
      expect(wait).toBeGreaterThan(240);
      expect(wait).toBeLessThan(360);

      // The eighth attempt is the last.
      await db
        .update(webhookDeliveries)
        .set({ attempts: 7, nextAttemptAt: new Date(0) })
        .where(eq(webhookDeliveries.id, delivery.id));
      await dispatchTo([hook.id]);
      const [settled] = await deliveriesOf(hook.id);
      expect(settled).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null, lastStatusCode: 503 });
    } finally {
      await failing.close();
    }
  });

  it('honours Retry-After on a 429', async () => {
    const { db } = await getDatabase();
    const limited = await startReceiver(() => ({ status: 429, headers: { 'retry-after': '120' } }));
    try {
      const owner = await insertUser(db);
      const hook = await endpointFor(owner.id, limited.url);
      await emitTo('task.cancelled', [owner.id]);
      await dispatchTo([hook.id]);
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 429 });
      const wait = await secondsUntilNextAttempt(delivery?.id ?? '');
      expect(wait).toBeGreaterThan(115);
      expect(wait).toBeLessThanOrEqual(120);
    } finally {
      await limited.close();
    }
  });

  it('410 Gone disables the endpoint: the delivery fails and later events are not fanned out to it', async () => {
    const { db } = await getDatabase();
    const gone = await startReceiver(() => ({ status: 410 }));
    try {
      const owner = await insertUser(db);
      const hook = await endpointFor(owner.id, gone.url);
      await emitTo('task.expired', [owner.id]);
      await dispatchTo([hook.id]);
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410, nextAttemptAt: null });
      const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
      expect(endpoint?.disabledAt).toBeInstanceOf(Date);
      expect(endpoint?.disabledReason).toBe('The receiver answered 410 Gone');
      await emitTo('task.expired', [owner.id]);
      await dispatchTo([hook.id]);
      expect(await deliveriesOf(hook.id)).toHaveLength(1);
      expect(gone.received).toHaveLength(1);
    } finally {
      await gone.close();
    }
  });

  it('an endpoint failing for 3 days is disabled when a delivery uses up its attempts, and its owner emailed', async () => {
    const { db } = await getDatabase();
    const failing = await startReceiver(() => ({ status: 500 }));
    try {
      const days = (n: number) => new Date(Date.now() - n * 86_400_000);
      const lastTry = async (endpointId: string) => {
        await db
          .update(webhookDeliveries)
          .set({ attempts: 7, nextAttemptAt: new Date(0) })
          .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
        await dispatchTo([endpointId]);
      };
      const endpointOf = async (id: string) =>
        (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

      // Four days old, nothing delivered since: disabled, and the owner hears of it.
      const owner = await insertUser(db);
      const stale = await endpointFor(owner.id, failing.url);
      await db
        .update(webhookEndpoints)
        .set({ createdAt: days(4) })
        .where(eq(webhookEndpoints.id, stale.id));
      await emitTo('task.expired', [owner.id]);
      await dispatchTo([stale.id]);
      expect((await endpointOf(stale.id))?.disabledAt).toBeNull(); // not on a first failure
      await lastTry(stale.id);
      expect(await endpointOf(stale.id)).toMatchObject({ disabledReason: 'No delivery succeeded for 3 days' });
      const mail = await db
        .select()
        .from(emails)
        .where(eq(emails.to, owner.email ?? ''));
      expect(mail).toEqual([
        expect.objectContaining({ subject: 'Legwork disabled a webhook endpoint that kept failing' }),
      ]);
      expect(mail[0]?.text).toContain(failing.url);
      expect(mail[0]?.text).toContain('{"enabled": true}');

      // As old, but a delivery succeeded yesterday: still enabled. A young endpoint: still enabled.
      const recovering = await endpointFor(owner.id, failing.url);
      await db
        .update(webhookEndpoints)
        .set({ createdAt: days(4) })
        .where(eq(webhookEndpoints.id, recovering.id));
      const young = await endpointFor(owner.id, failing.url);
      await emitTo('task.expired', [owner.id]);
      await db
        .update(webhookDeliveries)
        .set({ status: 'succeeded', lastAttemptAt: days(1), nextAttemptAt: null })
        .where(eq(webhookDeliveries.endpointId, recovering.id));
      await emitTo('task.expired', [owner.id]);
      await lastTry(recovering.id);
      await lastTry(young.id);
      expect((await endpointOf(recovering.id))?.disabledAt).toBeNull();
      expect((await endpointOf(young.id))?.disabledAt).toBeNull();
      expect(
        await db
          .select()
          .from(emails)
          .where(eq(emails.to, owner.email ?? '')),
      ).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('a receiver that does not answer in time is a failed attempt with no status code', async () => {
    const { db } = await getDatabase();
    const silent = await startReceiver();
    const hang = await (async () => {
      const http = await import('node:http');
      const server = http.createServer(() => {});
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    })();
    try {
      const owner = await insertUser(db);
      const port = (hang.address() as { port: number }).port;
      const hook = await endpointFor(owner.id, `http://127.0.0.1:${port}/slow`);
      await emitTo('task.submitted', [owner.id]);
      await dispatchTo([hook.id], { timeoutMs: 300 });
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      const [attempt] = await attemptsOf(delivery?.id ?? '');
      expect(attempt).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
      expect(attempt?.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      hang.closeAllConnections();
      hang.close();
      await silent.close();
    }
  });

  it('a DNS answer that never comes counts against the attempt’s time', async () => {
    const { db } = await getDatabase();
    const owner = await insertUser(db);
    const hook = await endpointFor(owner.id, file.receiver.url);
    await db
      .update(webhookEndpoints)
      .set({ url: 'https://slow-dns.example.com/hooks' })
      .where(eq(webhookEndpoints.id, hook.id));
    await emitTo('task.submitted', [owner.id]);
    await dispatchTo([hook.id], { allowPrivate: false, timeoutMs: 300, resolve: () => new Promise(() => {}) });
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    const [attempt] = await attemptsOf(delivery?.id ?? '');
    expect(attempt?.error).toBe('Refused: The host slow-dns.example.com could not be resolved in time');
  });

  it('a delivery queued before its endpoint was deleted is settled without a request', async () => {
    const { db } = await getDatabase();
    const owner = await insertUser(db);
    const hook = await endpointFor(owner.id, file.receiver.url);
    const event = await emitTo('task.completed', [owner.id]);
    await db.update(webhookEndpoints).set({ deletedAt: new Date() }).where(eq(webhookEndpoints.id, hook.id));
    await dispatchTo([hook.id]);
    expect(receivedFor(event.id)).toEqual([]);
    expect(await deliveriesOf(hook.id)).toEqual([expect.objectContaining({ status: 'failed', attempts: 0 })]);
  });

  it('a secret the server cannot unseal is a logged failed attempt, and the rest of the batch is sent', async () => {
    const { db } = await getDatabase();
    const owner = await insertUser(db);
    const unreadable = await endpointFor(owner.id, file.receiver.url);
    const healthy = await endpointFor(owner.id, file.receiver.url);
    // As if sealed under another AUTH_SECRET: the authentication tag does not match.
    const foreign = `v1.${Buffer.alloc(60, 7).toString('base64')}`;
    await db.update(webhookEndpoints).set({ secret: foreign }).where(eq(webhookEndpoints.id, unreadable.id));
    const event = await emitTo('task.completed', [owner.id]);

    await dispatchTo([unreadable.id, healthy.id]);

    expect(receivedFor(event.id)).toHaveLength(1);
    expect(await deliveriesOf(healthy.id)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1 })]);
    const [delivery] = await deliveriesOf(unreadable.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(await attemptsOf(delivery?.id ?? '')).toEqual([
      expect.objectContaining({
        attemptNumber: 1,
        statusCode: null,
        error: expect.stringMatching(/rotate the secret$/),
      }),
    ]);
    // On the retry schedule (5 s ± 20%), not the 120 s lease of a round that died.
    expect(await secondsUntilNextAttempt(delivery?.id ?? '')).toBeLessThan(6.5);
  });
});

describe('several dispatchers at once', () => {
  it('never deliver one delivery twice', async () => {
    const { db } = await getDatabase();
    const owner = await insertUser(db);
    const hooks = [await endpointFor(owner.id, file.receiver.url), await endpointFor(owner.id, file.receiver.url)];
    const emitted = [];
    for (let i = 0; i < 30; i++) emitted.push(await emitTo('task.posted', [owner.id], { n: i }));
    const ids = hooks.map((hook) => hook.id);
    await Promise.all(Array.from({ length: 4 }, () => dispatchTo(ids, { batchSize: 4 })));
    await dispatchTo(ids);
    const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, ids));
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(
        and(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(attempts).toHaveLength(60);
    for (const event of emitted) expect(receivedFor(event.id)).toHaveLength(2);
  });
});
