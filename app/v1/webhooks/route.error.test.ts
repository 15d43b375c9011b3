import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { seal } from '@/lib/auth/secret-box';
import { MAX_ENDPOINTS_PER_USER } from '@/lib/services/webhooks/create-webhook-endpoint';
import { SECRET_PURPOSE } from '@/lib/webhooks/signing';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { dispatchTo, receiverForFile, registerWebhook, startReceiver, webhookOwner } from '@/test/webhooks';
import { POST as retry } from './[id]/deliveries/[deliveryId]/retry/route';
import { GET as deliveries } from './[id]/deliveries/route';
import { GET as getOne, PUT as putOne } from './[id]/route';
import { POST as sendTest } from './[id]/test/route';
import { POST as create, GET as list } from './route';

const file = receiverForFile();

const register = registerWebhook;

describe('POST /v1/webhooks errors', () => {
  it('400 for a missing url, an unknown event type, an unknown field', async () => {
    const owner = await webhookOwner();
    const missing = await register(owner.token, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe('VALIDATION_ERROR');
    expect(missing.json.error.issues).toEqual([{ path: ['url'], message: expect.any(String) }]);

    const unknown = await register(owner.token, { url: file.receiver.url, events: ['task.accepted', 'task.exploded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.issues).toEqual([
      { path: ['events', '1'], message: expect.stringContaining('task.accepted') },
    ]);

    const extra = await register(owner.token, { url: file.receiver.url, secret: 'whsec_mine' });
    expect(extra.status).toBe(400);
    expect(extra.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('400 for URLs that are not absolute https URLs without credentials or fragments', async () => {
    const owner = await webhookOwner();
    const cases: [string, string][] = [
      ['not a url', 'Must be an absolute URL, e.g. https://example.com/webhooks'],
      ['ftp://example.com/hook', 'Must use https'],
      ['http://example.com/hook', 'Must use https'],
      ['https://user:pass@example.com/hook', 'Must not contain a user name or password'],
      ['https://example.com/hook#frag', 'Must not contain a fragment (#…)'],
      [`https://example.com/${'a'.repeat(2100)}`, 'Must be at most 2048 characters'],
    ];
    for (const [url, message] of cases) {
      const res = await call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual(validationEnvelope([{ path: ['url'], message }]));
    }
  });

  it(`409 past ${MAX_ENDPOINTS_PER_USER} endpoints`, async () => {
    const owner = await webhookOwner();
    const { db } = await getDatabase();
    await db.insert(webhookEndpoints).values(
      Array.from({ length: MAX_ENDPOINTS_PER_USER }, () => ({
        ownerId: owner.id,
        url: file.receiver.url,
        secret: seal(SECRET_PURPOSE, 'whsec_AAAA'),
        livemode: false,
      })),
    );
    const res = await register(owner.token, { url: file.receiver.url });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      envelope('CONFLICT', {
        message: `At most ${MAX_ENDPOINTS_PER_USER} webhook endpoints per account`,
        hint: 'Delete an endpoint you no longer use (DELETE /v1/webhooks/{id}), then register again.',
      }),
    );
  });
});

describe('endpoint routes errors', () => {
  it('404 for an unknown or malformed id', async () => {
    const owner = await webhookOwner();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [unknown, 'not-a-uuid']) {
      const res = await call(getOne, `/v1/webhooks/${id}`, { token: owner.token, params: { id } });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    }
    const log = await call(deliveries, `/v1/webhooks/${unknown}/deliveries`, {
      token: owner.token,
      params: { id: unknown },
    });
    expect(log.json).toEqual(envelope('NOT_FOUND', { message: 'Webhook endpoint not found' }));
  });

  it('404 for retrying an unknown delivery, and for a delivery of another endpoint', async () => {
    const owner = await webhookOwner();
    const one = (await register(owner.token, { url: file.receiver.url })).json.data;
    const two = (await register(owner.token, { url: file.receiver.url })).json.data;
    const sent = (await call(sendTest, `/v1/webhooks/${two.id}/test`, { token: owner.token, params: { id: two.id } }))
      .json.data;
    for (const deliveryId of ['00000000-0000-4000-8000-000000000000', sent.id]) {
      const res = await call(retry, `/v1/webhooks/${one.id}/deliveries/${deliveryId}/retry`, {
        token: owner.token,
        params: { id: one.id, deliveryId },
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(envelope('NOT_FOUND', { message: 'Webhook delivery not found' }));
    }
  });

  it('409 for a test or a retry on an endpoint disabled by 410 Gone', async () => {
    const gone = await startReceiver(() => ({ status: 410 }));
    try {
      const owner = await webhookOwner();
      const { id } = (await register(owner.token, { url: gone.url })).json.data;
      const sent = (await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } })).json.data;
      await dispatchTo([id]);
      const shown = await call(getOne, `/v1/webhooks/${id}`, { token: owner.token, params: { id } });
      expect(shown.json.data).toMatchObject({ isActive: false, disabledReason: 'The receiver answered 410 Gone' });
      const disabled = envelope('CONFLICT', {
        message: 'This webhook endpoint is disabled',
        hint: 'Re-enable it first: PATCH /v1/webhooks/{id} with {"enabled": true}.',
      });
      const test = await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } });
      expect(test.status).toBe(409);
      expect(test.json).toEqual(disabled);
      const again = await call(retry, `/v1/webhooks/${id}/deliveries/${sent.id}/retry`, {
        token: owner.token,
        params: { id, deliveryId: sent.id },
      });
      expect(again.status).toBe(409);
      expect(again.json).toEqual(disabled);
    } finally {
      await gone.close();
    }
  });

  it('400 for a bad cursor or limit, 405 for an unsupported method', async () => {
    const owner = await webhookOwner();
    const badLimit = await call(list, '/v1/webhooks', { token: owner.token, query: { limit: '101' } });
    expect(badLimit.status).toBe(400);
    expect(badLimit.json.error.code).toBe('VALIDATION_ERROR');
    const badCursor = await call(list, '/v1/webhooks', { token: owner.token, query: { cursor: 'nope' } });
    expect(badCursor.status).toBe(400);
    const put = await putOne(
      new Request('http://localhost:3000/v1/webhooks/x', {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}` },
      }),
    );
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, PATCH, DELETE');
  });
});
