import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getMe } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { sha256Hex } from '@/lib/auth/tokens';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { DELETE as revoke } from './[keyId]/route';
import { POST as create, GET as list } from './route';

const operator = () => signUpViaApi('op');

describe('operator API keys', () => {
  it('creates a key shown once, stores only its hash, lists it without the key, and the key works', async () => {
    const { token, userId } = await operator();
    const created = await call(create, '/v1/operators/me/keys', { token, body: { name: 'CI bot', mode: 'test' } });
    expect(created.status).toBe(201);
    const key = created.json.data;
    expect(key).toEqual({
      id: expect.any(String),
      name: 'CI bot',
      key: expect.stringMatching(/^lgw_test_[0-9A-Za-z]{38}$/),
      keyPrefix: key.key.slice(0, 12),
      keySuffix: key.key.slice(-4),
      scopes: [...SCOPES],
      rateLimitPerMinute: 600,
      isActive: true,
      lastUsedAt: null,
      expiresAt: null,
      createdAt: expect.any(String),
    });
    const { db } = await getDatabase();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row).toMatchObject({ userId, keyHash: sha256Hex(key.key), mode: 'test' });
    expect(JSON.stringify(row)).not.toContain(key.key);

    const listed = await call(list, '/v1/operators/me/keys', { token });
    expect(listed.status).toBe(200);
    const { key: _secret, ...withoutKey } = key;
    expect(listed.json.data).toEqual([withoutKey]);
    expect(listed.text).not.toContain(key.key);

    const me = await call(getMe, '/v1/users/me', { token: key.key });
    expect(me.json.data.id).toBe(userId);
  });

  it('revocation takes effect on the very next request; revoking twice is harmless', async () => {
    const { token } = await operator();
    const { json } = await call(create, '/v1/operators/me/keys', { token, body: { name: 'temp' } });
    expect((await call(getMe, '/v1/users/me', { token: json.data.key })).status).toBe(200);

    const revoked = await call(revoke, `/v1/operators/me/keys/${json.data.id}`, {
      token,
      params: { keyId: json.data.id },
    });
    expect(revoked.json).toEqual({ data: { id: json.data.id, revoked: true } });
    expect((await call(getMe, '/v1/users/me', { token: json.data.key })).json).toEqual(envelope('UNAUTHORIZED'));
    const again = await call(revoke, `/v1/operators/me/keys/${json.data.id}`, {
      token,
      params: { keyId: json.data.id },
    });
    expect(again.json).toEqual({ data: { id: json.data.id, revoked: true } });
    const listed = await call(list, '/v1/operators/me/keys', { token });
    expect(listed.json.data[0]).toMatchObject({ id: json.data.id, isActive: false });
  });

  it('defaults a new key to test mode without a live processor, and to live with one', async () => {
    const { token } = await operator();
    const createDefault = (name: string) => call(create, '/v1/operators/me/keys', { token, body: { name } });
    const modeOf = async (id: string) => {
      const { db } = await getDatabase();
      const [row] = await db.select({ mode: apiKeys.mode }).from(apiKeys).where(eq(apiKeys.id, id));
      return row?.mode;
    };

    const noStripe = await withEnv({ STRIPE_SECRET_KEY: undefined }, () => createDefault('no processor'));
    expect(noStripe.status).toBe(201);
    expect(noStripe.json.data.key).toMatch(/^lgw_test_/);
    expect(await modeOf(noStripe.json.data.id)).toBe('test');

    const stripeTest = await withEnv({ STRIPE_SECRET_KEY: 'sk_test_x' }, () => createDefault('stripe test'));
    expect(stripeTest.json.data.key).toMatch(/^lgw_test_/);

    const live = await withEnv({ STRIPE_SECRET_KEY: 'sk_live_x' }, () => createDefault('live processor'));
    expect(live.status).toBe(201);
    expect(live.json.data.key).toMatch(/^lgw_live_/);
    expect(await modeOf(live.json.data.id)).toBe('live');

    // An explicit mode is kept either way.
    const chosen = await withEnv({ STRIPE_SECRET_KEY: undefined }, () =>
      call(create, '/v1/operators/me/keys', { token, body: { name: 'chosen', mode: 'live' } }),
    );
    expect(chosen.json.data.key).toMatch(/^lgw_live_/);
  });

  it('validates the body: unknown scope, bad limit, past expiry, unknown field', async () => {
    const { token } = await operator();
    for (const body of [
      { name: 'x', scopes: ['tasks:delete'] },
      { name: 'x', rateLimitPerMinute: 0 },
      { name: 'x', expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'x', admin: true },
      { name: '' },
    ]) {
      const res = await call(create, '/v1/operators/me/keys', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('another operator’s key is 404, and an API key cannot manage keys (403)', async () => {
    const a = await operator();
    const b = await operator();
    const { json } = await call(create, '/v1/operators/me/keys', { token: a.token, body: { name: 'A' } });
    const foreign = await call(revoke, `/v1/operators/me/keys/${json.data.id}`, {
      token: b.token,
      params: { keyId: json.data.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('NOT_FOUND');
    expect((await call(getMe, '/v1/users/me', { token: json.data.key })).status).toBe(200);

    const { db } = await getDatabase();
    const agent = await insertUser(db, { type: 'agent', ownerId: a.userId, email: null });
    const { key } = await insertApiKey(db, { userId: agent.id, scopes: [...SCOPES] });
    for (const res of [
      await call(create, '/v1/operators/me/keys', { token: key, body: { name: 'sneaky' } }),
      await call(list, '/v1/operators/me/keys', { token: key }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('FORBIDDEN');
    }
    expect((await call(list, '/v1/operators/me/keys', {})).json).toEqual(envelope('UNAUTHORIZED'));
  });
});
