import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { envelope, UNAUTHORIZED_BODY, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import {
  dispatchTo,
  receiverForFile,
  registerWebhook,
  startReceiver,
  webhookOwner,
  withPrivateUrls,
} from '@/test/webhooks';
import { POST as retry } from './deliveries/[deliveryId]/retry/route';
import { GET as deliveries } from './deliveries/route';
import { GET as getOne, PATCH as update } from './route';
import { POST as sendTest } from './test/route';

const file = receiverForFile();

const register = registerWebhook;
const patch = (token: string | undefined, id: string, body: unknown) =>
  withPrivateUrls(() => call(update, `/v1/webhooks/${id}`, { token, ip: uniqueIp(), params: { id }, body }));

async function storedEndpoint(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

describe('PATCH /v1/webhooks/{id}', () => {
  it('changes only what is sent: url, events, description (null clears it); the secret stays', async () => {
    const owner = await webhookOwner();
    const created = (await register(owner.token, { url: file.receiver.url, description: 'Orders' })).json.data;
    const secretBefore = (await storedEndpoint(created.id))?.secret;

    const events = await patch(owner.token, created.id, { events: ['task.completed', 'task.completed'] });
    expect(events.status, events.text).toBe(200);
    expect(events.json.data).toMatchObject({
      id: created.id,
      url: file.receiver.url,
      description: 'Orders',
      events: ['task.completed'],
      isActive: true,
    });
    expect(events.json.data).not.toHaveProperty('secret');

    const moved = await patch(owner.token, created.id, { url: `${file.receiver.url}/v2`, description: null });
    expect(moved.json.data).toMatchObject({
      url: `${file.receiver.url}/v2`,
      description: null,
      events: ['task.completed'],
    });
    const read = await call(getOne, `/v1/webhooks/${created.id}`, { token: owner.token, params: { id: created.id } });
    expect(read.json.data).toEqual(moved.json.data);
    expect((await storedEndpoint(created.id))?.secret).toBe(secretBefore);
  });

  it('disable settles pending deliveries; re-enable (also after a 410 Gone) lets a retry and a test through', async () => {
    const gone = await startReceiver(() => ({ status: 410 }));
    try {
      const owner = await webhookOwner();
      const { id } = (await register(owner.token, { url: gone.url })).json.data;
      const first = (await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } })).json.data;
      await dispatchTo([id]);
      expect((await storedEndpoint(id))?.disabledReason).toBe('The receiver answered 410 Gone');

      // The receiver is fixed (a new URL); the owner re-enables the endpoint and sends the failed delivery again.
      const enabled = await patch(owner.token, id, { url: file.receiver.url, enabled: true });
      expect(enabled.status, enabled.text).toBe(200);
      expect(enabled.json.data).toMatchObject({ isActive: true, disabledAt: null, disabledReason: null });
      const retried = await call(retry, `/v1/webhooks/${id}/deliveries/${first.id}/retry`, {
        token: owner.token,
        params: { id, deliveryId: first.id },
      });
      expect(retried.status, retried.text).toBe(200);
      const before = file.receiver.received.length;
      await dispatchTo([id]);
      expect(file.receiver.received.length).toBe(before + 1);
      const log = await call(deliveries, `/v1/webhooks/${id}/deliveries`, { token: owner.token, params: { id } });
      expect(log.json.data[0]).toMatchObject({ id: first.id, status: 'succeeded', lastStatusCode: 200 });

      // Disabled by its owner: a queued delivery is settled unsent, tests are refused until it is enabled again.
      const pending = (await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } })).json
        .data;
      const disabled = await patch(owner.token, id, { enabled: false });
      expect(disabled.json.data).toMatchObject({ isActive: false, disabledReason: 'Disabled by its owner' });
      const { db } = await getDatabase();
      const [settled] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, pending.id));
      expect(settled).toMatchObject({ status: 'failed', nextAttemptAt: null });
      const refused = await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } });
      expect(refused.status).toBe(409);
      expect(refused.json.error.hint).toBe('Re-enable it first: PATCH /v1/webhooks/{id} with {"enabled": true}.');
      const disabledAt = (await storedEndpoint(id))?.disabledAt;
      await patch(owner.token, id, { enabled: false }); // already disabled: nothing changes
      expect((await storedEndpoint(id))?.disabledAt).toEqual(disabledAt);
    } finally {
      await gone.close();
    }
  });

  it('400 for an empty body, an unknown field or event type, and a URL the SSRF rules refuse', async () => {
    const owner = await webhookOwner();
    const { id } = (await register(owner.token, { url: file.receiver.url })).json.data;
    const stored = await storedEndpoint(id);

    const empty = await patch(owner.token, id, {});
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual(validationEnvelope([{ path: [], message: 'Send at least one field to change' }]));
    for (const body of [{ secret: 'whsec_x' }, { events: ['task.nope'] }, { enabled: 'yes' }]) {
      const res = await patch(owner.token, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    // Without WEBHOOKS_ALLOW_PRIVATE_URLS a loopback URL is refused, as at registration.
    const privateUrl = await call(update, `/v1/webhooks/${id}`, {
      token: owner.token,
      ip: uniqueIp(),
      params: { id },
      body: { url: 'https://127.0.0.1/hook' },
    });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.json.error.issues[0].path).toEqual(['url']);
    expect(await storedEndpoint(id)).toEqual(stored);
  });

  it('401 without a credential, 403 without the scope, 404 for another owner’s endpoint; nothing changes', async () => {
    const owner = await webhookOwner();
    const { id } = (await register(owner.token, { url: file.receiver.url })).json.data;
    const stored = await storedEndpoint(id);

    const anonymous = await patch(undefined, id, { enabled: false });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual(UNAUTHORIZED_BODY);
    const readOnly = await webhookOwner({ scopes: ['tasks:read'] });
    expect((await patch(readOnly.token, id, { enabled: false })).status).toBe(403);
    const stranger = await webhookOwner();
    const foreign = await patch(stranger.token, id, { enabled: false, url: file.receiver.url });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(envelope('NOT_FOUND', { message: 'Webhook endpoint not found' }));
    expect(await storedEndpoint(id)).toEqual(stored);
  });
});
