import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { dispatchTo, receiverForFile, webhookOwner, withPrivateUrls } from '@/test/webhooks';
import { POST as retry } from './[id]/deliveries/[deliveryId]/retry/route';
import { GET as deliveries } from './[id]/deliveries/route';
import { POST as rotate } from './[id]/rotate-secret/route';
import { GET as getOne, DELETE as remove } from './[id]/route';
import { POST as sendTest } from './[id]/test/route';
import { POST as create, GET as list } from './route';

const file = receiverForFile();

const PRIVATE = 'Must not point at a private, loopback or reserved address';
const PUBLIC_HOST = 'Must name a public host';

describe('SSRF: URLs refused at registration (WEBHOOKS_ALLOW_PRIVATE_URLS off)', () => {
  const cases: [string, string][] = [
    ['https://169.254.169.254/latest/meta-data/', PRIVATE],
    ['https://169.254.170.2/v2/credentials', PRIVATE],
    ['https://[::1]/hook', PRIVATE],
    ['https://[::]/hook', PRIVATE],
    ['https://[::ffff:127.0.0.1]/hook', PRIVATE],
    ['https://[::ffff:7f00:1]/hook', PRIVATE],
    ['https://[fd00:ec2::254]/hook', PRIVATE],
    ['https://[fe80::1]/hook', PRIVATE],
    ['https://[64:ff9b::a00:1]/hook', PRIVATE],
    ['https://[2002:c0a8:101::1]/hook', PRIVATE],
    ['https://127.0.0.1/hook', PRIVATE],
    ['https://127.1/hook', PRIVATE],
    ['https://0x7f000001/hook', PRIVATE],
    ['https://2130706433/hook', PRIVATE],
    ['https://0x7f.1/hook', PRIVATE],
    ['https://017700000001/hook', PRIVATE],
    ['https://0.0.0.0/hook', PRIVATE],
    ['https://10.1.2.3/hook', PRIVATE],
    ['https://172.16.0.1/hook', PRIVATE],
    ['https://192.168.1.1/hook', PRIVATE],
    ['https://100.64.0.1/hook', PRIVATE],
    ['https://198.18.0.1/hook', PRIVATE],
    ['https://224.0.0.1/hook', PRIVATE],
    ['https://255.255.255.255/hook', PRIVATE],
    ['https://localhost/hook', PUBLIC_HOST],
    ['https://LOCALHOST./hook', PUBLIC_HOST],
    ['https://api.localhost/hook', PUBLIC_HOST],
    ['https://metadata.google.internal/computeMetadata/v1/', PUBLIC_HOST],
    ['https://intranet/hook', PUBLIC_HOST],
    ['http://93.184.216.34/hook', 'Must use https'],
  ];
  it.each(cases)('%s', async (url, message) => {
    const owner = await webhookOwner();
    const res = await call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['url'], message }]));
    const { db } = await getDatabase();
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, owner.id))).toEqual([]);
  });

  it('a loopback http receiver is accepted only with the flag on', async () => {
    const owner = await webhookOwner();
    const off = await call(create, '/v1/webhooks', {
      token: owner.token,
      ip: uniqueIp(),
      body: { url: file.receiver.url },
    });
    expect(off.status).toBe(400);
    const on = await withPrivateUrls(() =>
      call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url: file.receiver.url } }),
    );
    expect(on.status).toBe(201);
  });
});

describe('SSRF: checked again at every delivery', () => {
  it('an endpoint registered while private URLs were allowed is refused at delivery once they are not', async () => {
    const owner = await webhookOwner();
    const { id } = (
      await withPrivateUrls(() =>
        call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url: file.receiver.url } }),
      )
    ).json.data;
    await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } });
    const before = file.receiver.received.length;
    await dispatchTo([id], { allowPrivate: false });
    expect(file.receiver.received.length).toBe(before);
    const log = await call(deliveries, `/v1/webhooks/${id}/deliveries`, { token: owner.token, params: { id } });
    expect(log.json.data[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(log.json.data[0].attemptLog[0]).toMatchObject({ statusCode: null, error: 'Refused: Must use https' });
  });

  it('a public-looking host that resolves to a private address is refused at delivery time, and never dialled', async () => {
    const owner = await webhookOwner();
    const { db } = await getDatabase();
    // Registered when the name still resolved publicly; now its DNS answers with the metadata address.
    const { id } = (
      await withPrivateUrls(() =>
        call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url: file.receiver.url } }),
      )
    ).json.data;
    await db
      .update(webhookEndpoints)
      .set({ url: `https://hooks.example.com:${file.receiver.port}/hooks` })
      .where(eq(webhookEndpoints.id, id));
    await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } });
    const asked: string[] = [];
    await dispatchTo([id], {
      allowPrivate: false,
      resolve: async (host) => {
        asked.push(host);
        return ['93.184.216.34', '169.254.169.254'];
      },
    });
    expect(asked).toEqual(['hooks.example.com']);
    const log = await call(deliveries, `/v1/webhooks/${id}/deliveries`, { token: owner.token, params: { id } });
    expect(log.json.data[0].attemptLog[0]).toMatchObject({
      statusCode: null,
      error: 'Refused: The host hooks.example.com resolves to a private, loopback or reserved address',
    });
  });

  it('connects to the address it validated, not to a second DNS answer (no rebinding)', async () => {
    const owner = await webhookOwner();
    const { db } = await getDatabase();
    const { id } = (
      await withPrivateUrls(() =>
        call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url: file.receiver.url } }),
      )
    ).json.data;
    await db
      .update(webhookEndpoints)
      .set({ url: `http://rebind.example.com:${file.receiver.port}/hooks` })
      .where(eq(webhookEndpoints.id, id));
    await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } });
    const before = file.receiver.received.length;
    let lookups = 0;
    // The guard resolves once; the socket must dial that answer (the local receiver), not ask DNS again.
    await dispatchTo([id], {
      resolve: async () => {
        lookups += 1;
        return lookups === 1 ? ['127.0.0.1'] : ['10.9.9.9'];
      },
    });
    expect(lookups).toBe(1);
    expect(file.receiver.received.length).toBe(before + 1);
    expect(file.receiver.received.at(-1)?.headers.host).toBe(`rebind.example.com:${file.receiver.port}`);
  });
});

describe('ownership', () => {
  it('another user’s endpoint is 404 on every route, and nothing changes', async () => {
    const owner = await webhookOwner();
    const stranger = await webhookOwner();
    const created = (
      await withPrivateUrls(() =>
        call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url: file.receiver.url } }),
      )
    ).json.data;
    const sent = (
      await call(sendTest, `/v1/webhooks/${created.id}/test`, { token: owner.token, params: { id: created.id } })
    ).json.data;
    const id = created.id;
    const token = stranger.token;
    const results = [
      await call(getOne, `/v1/webhooks/${id}`, { token, params: { id } }),
      await call(remove, `/v1/webhooks/${id}`, { token, params: { id } }),
      await call(deliveries, `/v1/webhooks/${id}/deliveries`, { token, params: { id } }),
      await call(sendTest, `/v1/webhooks/${id}/test`, { token, params: { id } }),
      await call(rotate, `/v1/webhooks/${id}/rotate-secret`, { token, params: { id } }),
      await call(retry, `/v1/webhooks/${id}/deliveries/${sent.id}/retry`, {
        token,
        params: { id, deliveryId: sent.id },
      }),
    ];
    for (const res of results) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    }
    expect((await call(list, '/v1/webhooks', { token })).json.data).toEqual([]);
    const mine = await call(getOne, `/v1/webhooks/${id}`, { token: owner.token, params: { id } });
    expect(mine.json.data).toMatchObject({ id, isActive: true, previousSecretExpiresAt: null });
  });

  it('the secret never appears in a GET, a list or the delivery log', async () => {
    const owner = await webhookOwner();
    const created = (
      await withPrivateUrls(() =>
        call(create, '/v1/webhooks', { token: owner.token, ip: uniqueIp(), body: { url: file.receiver.url } }),
      )
    ).json.data;
    const id = created.id;
    await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } });
    await dispatchTo([id]);
    const bodies = [
      (await call(getOne, `/v1/webhooks/${id}`, { token: owner.token, params: { id } })).text,
      (await call(list, '/v1/webhooks', { token: owner.token })).text,
      (await call(deliveries, `/v1/webhooks/${id}/deliveries`, { token: owner.token, params: { id } })).text,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(created.secret.slice(6, 30));
      expect(body).not.toContain('whsec_');
    }
  });
});
