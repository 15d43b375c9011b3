import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { unseal } from '@/lib/auth/secret-box';
import { SECRET_PURPOSE } from '@/lib/webhooks/signing';
import { call, uniqueIp } from '@/test/http';
import { dispatchTo, receiverForFile, registerWebhook, startReceiver, webhookOwner } from '@/test/webhooks';
import { POST as retry } from './[id]/deliveries/[deliveryId]/retry/route';
import { GET as deliveries } from './[id]/deliveries/route';
import { POST as rotate } from './[id]/rotate-secret/route';
import { GET as getOne, DELETE as remove } from './[id]/route';
import { POST as sendTest } from './[id]/test/route';
import { GET as list } from './route';

const file = receiverForFile();

const register = registerWebhook;

describe('POST /v1/webhooks', () => {
  it('registers an endpoint and shows its whsec_ secret once, stored sealed', async () => {
    const owner = await webhookOwner();
    const res = await register(owner.token, {
      url: `${file.receiver.url}?source=test`,
      events: ['task.accepted', 'task.message.created'],
      description: 'Our agent',
    });
    expect(res.status).toBe(201);
    const { data } = res.json;
    expect(data).toEqual({
      id: expect.any(String),
      url: `${file.receiver.url}?source=test`,
      description: 'Our agent',
      events: ['task.accepted', 'task.message.created'],
      livemode: false,
      isActive: true,
      disabledAt: null,
      disabledReason: null,
      previousSecretExpiresAt: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(data.secret.slice(6), 'base64')).toHaveLength(32);
    const { db } = await getDatabase();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, data.id));
    expect(row?.secret).not.toContain(data.secret.slice(6));
    expect(unseal(SECRET_PURPOSE, row?.secret ?? '')).toBe(data.secret);
    expect(row?.ownerId).toBe(owner.id);

    const shown = await call(getOne, `/v1/webhooks/${data.id}`, { token: owner.token, params: { id: data.id } });
    expect(shown.status).toBe(200);
    expect(shown.json.data).toEqual({ ...data, secret: undefined });
    expect(shown.text).not.toContain(data.secret);
  });

  it('defaults to every event type', async () => {
    const owner = await webhookOwner();
    const res = await register(owner.token, { url: file.receiver.url });
    expect(res.status).toBe(201);
    expect(res.json.data.events).toEqual([]);
    expect(res.json.data.description).toBeNull();
  });
});

describe('GET /v1/webhooks', () => {
  it('lists the caller’s endpoints newest first with cursors, never a secret', async () => {
    const owner = await webhookOwner();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await register(owner.token, { url: `${file.receiver.url}/${i}` })).json.data.id);
    await register((await webhookOwner()).token, { url: file.receiver.url });

    const first = await call(list, '/v1/webhooks', { token: owner.token, query: { limit: '2' } });
    expect(first.status).toBe(200);
    expect(first.json.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.json.hasMore).toBe(true);
    expect(first.text).not.toContain('whsec_');
    const second = await call(list, '/v1/webhooks', {
      token: owner.token,
      query: { limit: '2', cursor: first.json.nextCursor },
    });
    expect(second.json).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null, hasMore: false });
  });
});

describe('DELETE /v1/webhooks/{id}', () => {
  it('deletes the endpoint: gone from the list and from GET', async () => {
    const owner = await webhookOwner();
    const { id } = (await register(owner.token, { url: file.receiver.url })).json.data;
    const res = await call(remove, `/v1/webhooks/${id}`, { token: owner.token, params: { id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { id, deleted: true } });
    expect((await call(getOne, `/v1/webhooks/${id}`, { token: owner.token, params: { id } })).status).toBe(404);
    expect((await call(list, '/v1/webhooks', { token: owner.token })).json.data).toEqual([]);
  });
});

describe('POST /v1/webhooks/{id}/test and the delivery log', () => {
  it('sends a signed webhook.test that the standardwebhooks library verifies, and logs the 2xx', async () => {
    const owner = await webhookOwner();
    const created = (await register(owner.token, { url: file.receiver.url, events: ['task.completed'] })).json.data;
    const before = file.receiver.received.length;
    const res = await call(sendTest, `/v1/webhooks/${created.id}/test`, {
      token: owner.token,
      ip: uniqueIp(),
      params: { id: created.id },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0, attemptLog: [] });

    await dispatchTo([created.id]);
    const got = file.receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const request = got[0];
    if (!request) throw new Error('nothing received');
    const payload = new Webhook(created.secret).verify(request.body, request.headers) as Record<string, unknown>;
    expect(payload).toEqual({
      id: res.json.data.eventId,
      type: 'webhook.test',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { endpointId: created.id, message: expect.any(String) },
    });
    expect(request.headers['webhook-id']).toBe(res.json.data.eventId);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^Legwork-Webhooks\//);
    expect(request.path).toBe('/hooks');

    const log = await call(deliveries, `/v1/webhooks/${created.id}/deliveries`, {
      token: owner.token,
      params: { id: created.id },
    });
    expect(log.status).toBe(200);
    expect(log.json).toEqual({
      data: [
        {
          id: res.json.data.id,
          eventId: res.json.data.eventId,
          eventType: 'webhook.test',
          status: 'succeeded',
          attempts: 1,
          lastStatusCode: 200,
          lastAttemptAt: expect.any(String),
          nextAttemptAt: null,
          createdAt: expect.any(String),
          attemptLog: [
            {
              attemptNumber: 1,
              outcome: 'succeeded',
              statusCode: 200,
              durationMs: expect.any(Number),
              error: null,
              responseSnippet: 'ok',
              createdAt: expect.any(String),
            },
          ],
        },
      ],
      nextCursor: null,
      hasMore: false,
    });
  });

  it('delivers the test to that endpoint only, not to the owner’s other endpoints', async () => {
    const owner = await webhookOwner();
    const one = (await register(owner.token, { url: file.receiver.url })).json.data;
    const other = (await register(owner.token, { url: file.receiver.url })).json.data;
    const res = await call(sendTest, `/v1/webhooks/${one.id}/test`, { token: owner.token, params: { id: one.id } });
    expect(res.status).toBe(201);
    await dispatchTo([one.id, other.id]);
    const otherLog = await call(deliveries, `/v1/webhooks/${other.id}/deliveries`, {
      token: owner.token,
      params: { id: other.id },
    });
    expect(otherLog.json.data).toEqual([]);
    const { db } = await getDatabase();
    const queued = await db
      .select({ endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, res.json.data.eventId));
    expect(queued).toEqual([{ endpointId: one.id }]);
  });

  it('pages the delivery log with cursors', async () => {
    const owner = await webhookOwner();
    const { id } = (await register(owner.token, { url: file.receiver.url })).json.data;
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      sent.push((await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } })).json.data.id);
    }
    const first = await call(deliveries, `/v1/webhooks/${id}/deliveries`, {
      token: owner.token,
      params: { id },
      query: { limit: '2' },
    });
    expect(first.json.data.map((d: { id: string }) => d.id)).toEqual([sent[2], sent[1]]);
    const second = await call(deliveries, `/v1/webhooks/${id}/deliveries`, {
      token: owner.token,
      params: { id },
      query: { limit: '2', cursor: first.json.nextCursor },
    });
    expect(second.json.data.map((d: { id: string }) => d.id)).toEqual([sent[0]]);
    expect(second.json.hasMore).toBe(false);
  });
});

describe('POST /v1/webhooks/{id}/deliveries/{deliveryId}/retry', () => {
  it('re-queues a failed delivery now; the retry carries the same webhook-id and body', async () => {
    const owner = await webhookOwner();
    const failing = await startReceiver(() => ({ status: 500, body: 'boom' }));
    try {
      const { id } = (await register(owner.token, { url: failing.url })).json.data;
      const sent = (await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } })).json.data;
      await dispatchTo([id]);
      failing.answerWith(() => ({ status: 204 }));
      const res = await call(retry, `/v1/webhooks/${id}/deliveries/${sent.id}/retry`, {
        token: owner.token,
        ip: uniqueIp(),
        params: { id, deliveryId: sent.id },
      });
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ id: sent.id, status: 'pending', attempts: 1, lastStatusCode: 500 });
      expect(res.json.data.attemptLog).toEqual([
        expect.objectContaining({ outcome: 'failed', statusCode: 500, error: 'HTTP 500' }),
      ]);
      expect(res.json.data.attemptLog[0].responseSnippet).toBe('boom');
      await dispatchTo([id]);
      expect(failing.received).toHaveLength(2);
      expect(failing.received[1]?.body).toBe(failing.received[0]?.body);
      expect(failing.received[1]?.headers['webhook-id']).toBe(sent.eventId);
      const log = await call(deliveries, `/v1/webhooks/${id}/deliveries`, { token: owner.token, params: { id } });
      expect(log.json.data[0]).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 204 });
    } finally {
      await failing.close();
    }
  });
});

describe('POST /v1/webhooks/{id}/rotate-secret', () => {
  it('returns a new secret once; for 24 h both the new and the old secret verify each delivery', async () => {
    const owner = await webhookOwner();
    const created = (await register(owner.token, { url: file.receiver.url })).json.data;
    const res = await call(rotate, `/v1/webhooks/${created.id}/rotate-secret`, {
      token: owner.token,
      ip: uniqueIp(),
      params: { id: created.id },
    });
    expect(res.status).toBe(200);
    const rotated = res.json.data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const overlap = new Date(rotated.previousSecretExpiresAt).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

    const before = file.receiver.received.length;
    await call(sendTest, `/v1/webhooks/${created.id}/test`, { token: owner.token, params: { id: created.id } });
    await dispatchTo([created.id]);
    const request = file.receiver.received[before];
    if (!request) throw new Error('nothing received');
    expect(request.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(request.body, request.headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(created.secret).verify(request.body, request.headers)).toMatchObject({ type: 'webhook.test' });

    // Once the overlap is over, only the new secret signs.
    const { db } = await getDatabase();
    await db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, created.id));
    await call(sendTest, `/v1/webhooks/${created.id}/test`, { token: owner.token, params: { id: created.id } });
    await dispatchTo([created.id]);
    const later = file.receiver.received[before + 1];
    if (!later) throw new Error('nothing received');
    expect(later.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(later.body, later.headers)).toBeTruthy();
    expect(() => new Webhook(created.secret).verify(later.body, later.headers)).toThrow();
  });
});
