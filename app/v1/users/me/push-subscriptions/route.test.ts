import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { envelope, validationEnvelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { DELETE } from './[id]/route';
import { GET, POST } from './route';

// POST|GET /v1/users/me/push-subscriptions and DELETE …/{id}: a person's browsers, checked as the webhooks' URLs are.

const PATH = '/v1/users/me/push-subscriptions';

function subscription(overrides: { endpoint?: string; p256dh?: string; auth?: string } = {}) {
  return {
    endpoint: overrides.endpoint ?? `https://push.example.com/send/${randomBytes(12).toString('base64url')}`,
    keys: {
      p256dh: overrides.p256dh ?? createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: overrides.auth ?? randomBytes(16).toString('base64url'),
    },
  };
}

const subscribe = (token: string, body: unknown) => call(POST, PATH, { token, body, ip: uniqueIp() });
const list = (token: string) => call(GET, PATH, { token, ip: uniqueIp() });
const remove = (token: string, id: string) => call(DELETE, `${PATH}/${id}`, { token, params: { id }, ip: uniqueIp() });

describe('POST|GET|DELETE /v1/users/me/push-subscriptions', () => {
  it('stores a subscription (201), answers the same endpoint with the one stored (200), lists and deletes it', async () => {
    const person = await signUpViaApi('push');
    const body = subscription();
    const created = await subscribe(person.token, { ...body, expirationTime: null });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toEqual({
      id: expect.any(String),
      endpoint: body.endpoint,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(created.json)).not.toContain(body.keys.auth);

    const again = await subscribe(person.token, body);
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toEqual(created.json.data);

    const listed = await list(person.token);
    expect(listed.status).toBe(200);
    expect(listed.json.data).toEqual([created.json.data]);

    const deleted = await remove(person.token, created.json.data.id);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json.data).toEqual({ id: created.json.data.id, deleted: true });
    expect((await list(person.token)).json.data).toEqual([]);
  });

  it("answers 404 for someone else's subscription and leaves it", async () => {
    const owner = await signUpViaApi('push-owner');
    const other = await signUpViaApi('push-other');
    const created = await subscribe(owner.token, subscription());
    const res = await remove(other.token, created.json.data.id);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('NOT_FOUND', { message: 'Push subscription not found' }));
    expect((await list(owner.token)).json.data).toHaveLength(1);
  });

  it('moves an endpoint another account held to the caller (one browser, someone else signed in)', async () => {
    const first = await signUpViaApi('push-first');
    const second = await signUpViaApi('push-second');
    const body = subscription();
    await subscribe(first.token, body);
    const moved = await subscribe(second.token, body);
    expect(moved.status, moved.text).toBe(201);
    expect((await list(first.token)).json.data).toEqual([]);
    expect((await list(second.token)).json.data).toEqual([moved.json.data]);
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://push.example.com/send/abc' }, ['endpoint'], 'Must use https'],
    [
      'a loopback address',
      { endpoint: 'https://127.0.0.1/send/abc' },
      ['endpoint'],
      'Must not point at a private, loopback or reserved address',
    ],
    [
      'a private address',
      { endpoint: 'https://10.1.2.3/send/abc' },
      ['endpoint'],
      'Must not point at a private, loopback or reserved address',
    ],
    [
      'a link-local address',
      { endpoint: 'https://[fe80::1]/send/abc' },
      ['endpoint'],
      'Must not point at a private, loopback or reserved address',
    ],
    ['localhost', { endpoint: 'https://localhost/send/abc' }, ['endpoint'], 'Must name a public host'],
    [
      'an endpoint over 2,048 characters',
      { endpoint: `https://push.example.com/${'a'.repeat(2030)}` },
      ['endpoint'],
      'Must be at most 2048 characters',
    ],
    [
      'a p256dh that is not 65 bytes',
      { p256dh: randomBytes(33).toString('base64url') },
      ['keys', 'p256dh'],
      'Must be base64url of a 65-byte uncompressed P-256 public key',
    ],
    [
      'a compressed p256dh',
      { p256dh: Buffer.concat([Buffer.from([0x02]), randomBytes(64)]).toString('base64url') },
      ['keys', 'p256dh'],
      'Must be base64url of a 65-byte uncompressed P-256 public key',
    ],
    [
      'a p256dh off the curve',
      { p256dh: Buffer.concat([Buffer.from([0x04]), Buffer.alloc(64, 1)]).toString('base64url') },
      ['keys', 'p256dh'],
      'Must be base64url of a 65-byte uncompressed P-256 public key',
    ],
    [
      'an auth secret of 12 bytes',
      { auth: randomBytes(12).toString('base64url') },
      ['keys', 'auth'],
      'Must be base64url of 16 bytes',
    ],
    [
      'an auth secret that is not base64url',
      { auth: 'not base64!!' },
      ['keys', 'auth'],
      'Must be base64url of 16 bytes',
    ],
  ])('refuses %s: 400 naming the field', async (_, overrides, path, message) => {
    const person = await signUpViaApi('push-bad');
    const res = await subscribe(person.token, subscription(overrides));
    expect(res.status, res.text).toBe(400);
    const issues = res.json.error.issues as { path: string[]; message: string }[];
    expect(issues.map((issue) => issue.path)).toContainEqual(path);
    expect(issues.find((issue) => issue.path.join('.') === path.join('.'))?.message).toContain(message);
    expect(res.json).toEqual(validationEnvelope(issues));
  });

  it('allows at most 20 subscriptions per person: the 21st is 409 PUSH_SUBSCRIPTION_LIMIT', async () => {
    const person = await signUpViaApi('push-many');
    for (let i = 0; i < 20; i++) expect((await subscribe(person.token, subscription())).status).toBe(201);
    const res = await subscribe(person.token, subscription());
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('PUSH_SUBSCRIPTION_LIMIT'));
    expect((await list(person.token)).json.data).toHaveLength(20);
  });

  it("takes a person's API key and refuses an agent's (403)", async () => {
    const { db } = await getDatabase();
    const person = await signUpViaApi('push-key');
    const { key } = await insertApiKey(db, { userId: person.userId, scopes: [] });
    expect((await subscribe(key, subscription())).status).toBe(201);
    const agent = await insertUser(db, { type: 'agent', ownerId: person.userId, email: null });
    const { key: agentKey } = await insertApiKey(db, { userId: agent.id, scopes: [] });
    for (const res of [await subscribe(agentKey, subscription()), await list(agentKey)]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual(
        envelope('FORBIDDEN', {
          message: 'Notifications are for people, not agents',
          hint: 'Agents hear about their tasks through webhooks (POST /v1/webhooks); their operator sees notifications.',
        }),
      );
    }
  });
});
