import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { POST as subscribeRoute } from '@/app/v1/users/me/push-subscriptions/route';
import { getDatabase } from '@/db/client';
import { pushOutbox, pushSubscriptions } from '@/db/schema';
import { listOutboxPushes } from '@/lib/mail/dev-mailbox';
import { createOutboxPushSender } from '@/lib/push/outbox-push-sender';
import { createWebPushSender } from '@/lib/push/web-push-sender';
import { notify } from '@/lib/services/notifications/notify';
import { withEnv } from '@/test/env';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { sendDuePushes } from './send-due-pushes';

// The push job against a local stand-in of a push service (RFC 8030): it checks what a real one checks (the VAPID
// JWT, RFC 8292) and decrypts the aes128gcm body (RFC 8291) with the subscriber's private key, using http_ece, the
// library web-push itself encrypts with.
const { decrypt } = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }) => Buffer;
};

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push-ops@legwork.example' };
const received: Received[] = [];
let answer = 201;
let server: http.Server;
let origin = '';

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sender = () => createWebPushSender({ vapid, allowPrivate: true });

/** A signed-up person whose browser (a fresh P-256 key pair and auth secret) subscribed at the stand-in. */
async function subscribedPerson() {
  const person = await signUpViaApi('push-send');
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const endpoint = `${origin}/push/${randomUUID()}`;
  const res = await withEnv({ PUSH_ALLOW_PRIVATE_URLS: '1' }, () =>
    call(subscribeRoute, '/v1/users/me/push-subscriptions', {
      token: person.token,
      ip: uniqueIp(),
      body: { endpoint, keys: { p256dh: browser.getPublicKey('base64url'), auth } },
    }),
  );
  expect(res.status, res.text).toBe(201);
  return { ...person, browser, auth, endpoint, subscriptionId: res.json.data.id as string };
}

async function notifyMessage(userId: string, taskLink = '/worker/tasks/abc') {
  const { db } = await getDatabase();
  await db.transaction((tx) =>
    notify(tx, {
      userId,
      kind: 'message',
      title: 'New message from Ada',
      body: 'Is the parcel still at the front desk?',
      link: taskLink,
      dedupeKey: randomUUID(),
    }),
  );
  const rows = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId));
  return rows;
}

function checkVapid(headers: http.IncomingHttpHeaders) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  expect(match, headers.authorization).not.toBeNull();
  const [, jwt = '', key = ''] = match ?? [];
  expect(key).toBe(vapid.publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  const now = Math.floor(Date.now() / 1000);
  expect(payload.aud).toBe(origin);
  expect(payload.sub).toBe(vapid.subject);
  expect(payload.exp).toBeGreaterThan(now);
  expect(payload.exp).toBeLessThanOrEqual(now + 24 * 3600);
}

describe('sendDuePushes through web push', () => {
  it('sends a notification to every subscription, signed with VAPID and encrypted for the browser', async () => {
    answer = 201;
    const person = await subscribedPerson();
    const rows = await notifyMessage(person.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscriptionId: person.subscriptionId, sentAt: null, url: '/worker/tasks/abc' });
    const before = received.length;

    const { db } = await getDatabase();
    const counts = await sendDuePushes(db, { sender: sender(), outboxIds: rows.map((row) => row.id) });
    expect(counts).toEqual({ sent: 1, gone: 0, retrying: 0, failed: 0 });

    const pushes = received.slice(before);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    if (!push) throw new Error('no push received');
    expect(push.path).toBe(new URL(person.endpoint).pathname);
    checkVapid(push.headers);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('normal');
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: person.browser, authSecret: person.auth });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'New message from Ada',
      body: 'Is the parcel still at the front desk?',
      url: '/worker/tasks/abc',
      tag: expect.stringMatching(/^message:/),
    });

    const [row] = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.id, rows[0]?.id ?? ''));
    expect(row).toMatchObject({ provider: 'webpush', sentAt: expect.any(Date), attempts: 0, lastError: null });
    const [stored] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, person.subscriptionId));
    expect(stored).toMatchObject({ lastSuccessAt: expect.any(Date), failureCount: 0 });

    // Sent once: a second round finds nothing due.
    expect(await sendDuePushes(db, { sender: sender(), outboxIds: rows.map((r) => r.id) })).toEqual({
      sent: 0,
      gone: 0,
      retrying: 0,
      failed: 0,
    });
    expect(received.length).toBe(before + 1);
  });

  it('removes a subscription the push service answers 410 Gone for, with its queued pushes', async () => {
    const person = await subscribedPerson();
    await notifyMessage(person.userId);
    const rows = await notifyMessage(person.userId);
    expect(rows).toHaveLength(2);
    answer = 410;
    const { db } = await getDatabase();
    const counts = await sendDuePushes(db, { sender: sender(), outboxIds: rows.map((row) => row.id) });
    answer = 201;
    expect(counts).toEqual({ sent: 0, gone: 1, retrying: 0, failed: 0 });
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, person.subscriptionId))).toEqual(
      [],
    );
    expect(
      await db
        .select()
        .from(pushOutbox)
        .where(
          inArray(
            pushOutbox.id,
            rows.map((row) => row.id),
          ),
        ),
    ).toEqual([]);
  });

  it('retries a 429 or 5xx later and gives up on another 4xx', async () => {
    const { db } = await getDatabase();
    const busy = await subscribedPerson();
    const [retried] = await notifyMessage(busy.userId);
    answer = 503;
    expect(await sendDuePushes(db, { sender: sender(), outboxIds: [retried?.id ?? ''] })).toMatchObject({
      retrying: 1,
    });
    const [later] = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.id, retried?.id ?? ''));
    expect(later).toMatchObject({
      sentAt: null,
      failedAt: null,
      attempts: 1,
      lastError: 'The push service answered 503',
    });
    expect(later?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const refused = await subscribedPerson();
    const [bad] = await notifyMessage(refused.userId);
    answer = 400;
    expect(await sendDuePushes(db, { sender: sender(), outboxIds: [bad?.id ?? ''] })).toMatchObject({ failed: 1 });
    answer = 201;
    const [failed] = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.id, bad?.id ?? ''));
    expect(failed).toMatchObject({ sentAt: null, failedAt: expect.any(Date), attempts: 1 });
    const [stored] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, refused.subscriptionId));
    expect(stored?.failureCount).toBe(1);
  });

  it('queues nothing for a person whose push switch for the kind is off', async () => {
    const { db } = await getDatabase();
    const person = await subscribedPerson();
    await db.transaction((tx) =>
      notify(tx, {
        userId: person.userId,
        kind: 'task_completed',
        title: 'Done',
        body: 'Done.',
        dedupeKey: randomUUID(),
      }),
    );
    expect(await db.select().from(pushOutbox).where(eq(pushOutbox.userId, person.userId))).toEqual([]);
  });
});

describe('sendDuePushes in test mode', () => {
  it('keeps the push in the outbox shown at /dev/mailbox, and sends nothing', async () => {
    const person = await subscribedPerson();
    const rows = await notifyMessage(person.userId, '/worker/tasks/outbox');
    const before = received.length;
    const { db } = await getDatabase();
    const counts = await sendDuePushes(db, { sender: createOutboxPushSender(), outboxIds: rows.map((row) => row.id) });
    expect(counts).toEqual({ sent: 1, gone: 0, retrying: 0, failed: 0 });
    expect(received.length).toBe(before);
    const shown = (await listOutboxPushes(db, 50)).find((push) => push.id === rows[0]?.id);
    expect(shown).toMatchObject({
      to: person.email,
      title: 'New message from Ada',
      body: 'Is the parcel still at the front desk?',
      url: '/worker/tasks/outbox',
      status: 'sent',
    });
  });
});
