import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { POST as createWebhook } from '@/app/v1/webhooks/route';
import { getDatabase } from '@/db/client';
import { webhookAttempts, webhookDeliveries } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import type { EventType } from '@/lib/events/event-types';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { type DispatchOptions, dispatchOnce } from '@/lib/webhooks/dispatcher';
import { withEnv } from './env';
import { insertApiKey, insertUser } from './factories';
import { call, uniqueIp } from './http';

// Webhook fixtures: a local receiver that records what it gets, an owner with a `webhooks:manage` key, and a
// dispatcher round limited to the test's own endpoints (test files share one database on PostgreSQL).

export type Received = { headers: Record<string, string>; body: string; path: string };
export type Answer = { status: number; headers?: Record<string, string>; body?: string };

export async function startReceiver(answer: (request: Received, index: number) => Answer = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      const request = { headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '/' };
      received.push(request);
      const reply = current(request, received.length - 1);
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body ?? 'ok');
    });
  });
  let current = answer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answerWith(next: typeof answer) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The file's local receiver (200 to everything): started before its tests, closed after them. */
export function receiverForFile(): { receiver: Receiver } {
  const file = {} as { receiver: Receiver };
  beforeAll(async () => {
    file.receiver = await startReceiver();
  });
  afterAll(() => file.receiver.close());
  return file;
}

/** POST /v1/webhooks as `token`, from a fresh client address, with loopback receivers allowed. */
export const registerWebhook = (token: string, body: unknown) =>
  withPrivateUrls(() => call(createWebhook, '/v1/webhooks', { token, ip: uniqueIp(), body }));

/**
 * A user with an API key that may manage webhooks (test mode, so its endpoints get test-mode events); an agent
 * comes with a verified operator.
 */
export async function webhookOwner(overrides: { type?: 'human' | 'agent'; scopes?: string[] } = {}) {
  const { db } = await getDatabase();
  // An agent registers endpoints only while its operator's email is verified (a human's own is, by default).
  const operator = overrides.type === 'agent' ? await insertUser(db) : undefined;
  const user = await insertUser(db, { type: overrides.type ?? 'human', ownerId: operator?.id });
  const { key } = await insertApiKey(db, {
    userId: user.id,
    mode: 'test',
    scopes: overrides.scopes ?? ['webhooks:manage'],
  });
  return { id: user.id, token: key };
}

export const withPrivateUrls = <T>(fn: () => Promise<T>) => withEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: '1' }, fn);

/** One dispatcher round over the given endpoints, with loopback receivers allowed. */
export async function dispatchTo(endpointIds: string[], options: DispatchOptions = {}) {
  return dispatchOnce(await getDatabase(), { allowPrivate: true, endpointIds, ...options });
}
/** An endpoint of `ownerId` at a local `url` (private URLs allowed for the call). */
export async function endpointFor(
  ownerId: string,
  url: string,
  options: { events?: string[]; livemode?: boolean } = {},
) {
  const { db } = await getDatabase();
  return withPrivateUrls(() =>
    createWebhookEndpoint(db, { ownerId, livemode: options.livemode ?? false, input: { url, events: options.events } }),
  );
}

/** Emits an event to `audience`, as a service would. */
export async function emitTo(
  type: EventType,
  audience: string[],
  data: Record<string, unknown> = {},
  livemode = false,
) {
  const { db } = await getDatabase();
  return emitEvent(db, { type, audience, data, livemode });
}

export async function deliveriesOf(endpointId: string) {
  const { db } = await getDatabase();
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

export async function attemptsOf(deliveryId: string) {
  const { db } = await getDatabase();
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
}

/** What `receiver` got of one event: its requests carry the event id as `webhook-id`. */
export const receivedBy = (receiver: Receiver, eventId: string) =>
  receiver.received.filter((request) => request.headers['webhook-id'] === eventId);

/** Seconds from the database's now to the delivery's next attempt. */
export async function secondsUntilNextAttempt(deliveryId: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ s: sql<string>`extract(epoch from ${webhookDeliveries.nextAttemptAt} - now())` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  return Number(row?.s);
}
