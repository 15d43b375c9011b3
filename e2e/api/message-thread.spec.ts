import http from 'node:http';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createLegworkClient } from '../../lib/client';
import { x402SignerFromAccount } from '../../lib/client/x402-signer';
import { expect, test } from '../fixtures';
import { verifyEmailViaApi } from '../mailbox';

// The message thread's hot paths through the production server (`npm start`, server.ts), whose API router serves
// them without Next's request handler: `GET …/messages/await` (the status line first, the body when a message
// comes) and `POST …/messages` (the body streamed into the pipeline), with the same answers as any route.

type Opened = { status: number; headers: http.IncomingHttpHeaders; body: Promise<string>; close(): void };

/** A raw HTTP GET that resolves as soon as the status line and headers arrive, with the body still to come. */
function open(url: string, headers: Record<string, string>): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      const body = new Promise<string>((done, fail) => {
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(Buffer.concat(chunks).toString()));
        response.on('error', fail);
      });
      body.catch(() => undefined);
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** An agent with a posted test-mode task (paid with x402) that the sandbox worker has accepted. */
async function acceptedTask(baseURL: string, clientIp: string) {
  const send: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set('x-forwarded-for', clientIp);
    return fetch(request);
  };
  const operator = createLegworkClient({ baseUrl: baseURL, fetch: send });
  const email = `long-poll-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const { data: user } = await operator.POST('/v1/users', { body: { email, password: 'correct horse battery 42' } });
  operator.setApiKey(user.session.token);
  await verifyEmailViaApi(baseURL, email, user.session.token, { 'x-forwarded-for': clientIp });
  const { data: agent } = await operator.POST('/v1/operators/me/agents', { body: { name: 'poller' } });
  const apiKey = agent.apiKey.key;
  const client = createLegworkClient({
    baseUrl: baseURL,
    apiKey,
    fetch: send,
    x402Signer: x402SignerFromAccount(privateKeyToAccount(generatePrivateKey()), { maxAmountAtomic: 100_000_000n }),
  });
  const { data: task } = await client.POST('/v1/tasks', {
    body: { title: 'Check the opening hours', budgetCents: 1_500 },
  });
  await client.POST('/v1/sandbox/tasks/{id}/simulate', {
    params: { path: { id: task.id } },
    body: { action: 'accept' },
  });
  return { client, apiKey, taskId: task.id };
}

test('a long poll answers its status and headers at once, and the body when the worker writes', async ({
  baseURL,
  clientIp,
}) => {
  const { client, apiKey, taskId } = await acceptedTask(baseURL ?? '', clientIp);
  const url = `${baseURL}/v1/tasks/${taskId}/messages/await?timeoutSec=30`;
  const headers = { authorization: `Bearer ${apiKey}`, 'x-forwarded-for': clientIp };

  const started = Date.now();
  const waiting = await open(url, headers);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(waiting.status).toBe(200);
  expect(waiting.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(waiting.headers['cache-control']).toBe('no-store, no-transform');
  expect(waiting.headers['x-request-id']).toMatch(/^req_/);
  expect(waiting.headers.ratelimit).toMatch(/^"api-key";r=\d+;t=\d+$/);
  // Served by the API router, uncompressed (`no-transform`): Next's handler would have added its router's Vary header.
  expect(waiting.headers.vary).toBeUndefined();

  const { data } = await client.POST('/v1/sandbox/tasks/{id}/simulate', {
    params: { path: { id: taskId } },
    body: { action: 'message', body: 'At the door now' },
  });
  const answer = JSON.parse(await waiting.body);
  expect(answer).toEqual({ data: [data.message] });
  expect(answer.data[0]).toMatchObject({ body: 'At the door now', senderSide: 'worker' });

  // Errors come back whole, in the envelope, as through any other route.
  const anonymous = await open(url, { 'x-forwarded-for': clientIp });
  expect(anonymous.status).toBe(401);
  expect(JSON.parse(await anonymous.body).error.code).toBe('UNAUTHORIZED');
  const unknown = await open(`${baseURL}/v1/tasks/00000000-0000-4000-8000-000000000000/messages/await`, headers);
  expect(unknown.status).toBe(404);
  expect(JSON.parse(await unknown.body).error.code).toBe('NOT_FOUND');
});

test('a client that leaves and polls again from its cursor gets what came meanwhile', async ({ baseURL, clientIp }) => {
  const { client, apiKey, taskId } = await acceptedTask(baseURL ?? '', clientIp);
  const headers = { authorization: `Bearer ${apiKey}`, 'x-forwarded-for': clientIp };
  const simulate = async (body: string) =>
    (
      await client.POST('/v1/sandbox/tasks/{id}/simulate', {
        params: { path: { id: taskId } },
        body: { action: 'message', body },
      })
    ).data.message;
  const cursor = await simulate('First');
  const url = `${baseURL}/v1/tasks/${taskId}/messages/await?timeoutSec=30&sinceMessageId=${cursor?.id}`;
  const left = await open(url, headers);
  expect(left.status).toBe(200);
  left.close();
  const meanwhile = await simulate('Written while nobody listened');
  const started = Date.now();
  const again = await open(url, headers);
  expect(JSON.parse(await again.body)).toEqual({ data: [meanwhile] });
  expect(Date.now() - started).toBeLessThan(5_000);
});

test('a message posted through the production server: created, replayed by its key, and refused whole when bad', async ({
  baseURL,
  clientIp,
}) => {
  const { client, apiKey, taskId } = await acceptedTask(baseURL ?? '', clientIp);
  const url = `${baseURL}/v1/tasks/${taskId}/messages`;
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'x-forwarded-for': clientIp,
        'content-type': 'application/json',
        ...headers,
      },
      body,
      duplex: 'half',
    } as RequestInit);

  const key = { 'idempotency-key': `post-${Date.now()}` };
  const created = await post(JSON.stringify({ body: 'Please ring twice' }), key);
  expect(created.status).toBe(201);
  // Served by the API router (lib/router): Next's handler would have added its own router's Vary entries (rsc, …).
  expect(created.headers.get('vary')).toBe('Accept-Encoding');
  expect(created.headers.get('x-request-id')).toMatch(/^req_/);
  const message = (await created.json()).data;
  expect(message).toMatchObject({ body: 'Please ring twice', senderSide: 'requester', taskId });

  const replayed = await post(JSON.stringify({ body: 'Please ring twice' }), key);
  expect(replayed.status).toBe(201);
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect((await replayed.json()).data).toEqual(message);

  const malformed = await post('{"body": ');
  expect(malformed.status).toBe(400);
  expect((await malformed.json()).error).toMatchObject({ code: 'VALIDATION_ERROR' });

  // Over 1 MB, streamed without a Content-Length: the pipeline stops reading at its limit.
  const chunk = new TextEncoder().encode(`{"body": "${'x'.repeat(64 * 1024)}`);
  let sent = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 40) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const tooLarge = await post(endless);
  expect(tooLarge.status).toBe(413);
  expect((await tooLarge.json()).error.code).toBe('PAYLOAD_TOO_LARGE');

  // Nothing but the one message was stored.
  const { data: thread } = await client.GET('/v1/tasks/{id}/messages', { params: { path: { id: taskId } } });
  expect(thread.filter((m) => m.senderSide === 'requester')).toEqual([message]);
});
