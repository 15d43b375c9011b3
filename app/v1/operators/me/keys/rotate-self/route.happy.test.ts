import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { getDatabase } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { withEnv } from '@/test/env';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as createKey, GET as listKeys } from '../route';
import { POST as rotate } from './route';

const PATH = '/v1/operators/me/keys/rotate-self';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
// The documented defaults, whatever the environment running the tests says.
const DEFAULTS = { KEY_ROTATION_GRACE_SECONDS: undefined, ROTATED_KEY_LIFETIME_DAYS: undefined };

const rotateWith = (token: string) => call(rotate, PATH, { token, ip: uniqueIp() });
const profileWith = (token: string) => call(getOperator, '/v1/operators/me', { token, ip: uniqueIp() });

/** `iso` is a timestamp within `toleranceMs` of `expectedMs`. */
function expectAround(iso: string, expectedMs: number, toleranceMs = 5_000) {
  expect(iso).toMatch(ISO);
  expect(Math.abs(new Date(iso).getTime() - expectedMs)).toBeLessThanOrEqual(toleranceMs);
}

async function keyRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

describe('POST /v1/operators/me/keys/rotate-self: happy path', () => {
  it('answers 201 with every field of the rotated key; the new key inherits name, scopes, limit and mode', async () => {
    const { token, userId } = await signUpViaApi('rotate');
    const created = await call(createKey, '/v1/operators/me/keys', {
      token,
      body: { name: 'CI bot', mode: 'test', scopes: ['tasks:read', 'messages:write'], rateLimitPerMinute: 42 },
    });
    expect(created.status).toBe(201);
    const old = created.json.data;

    const before = Date.now();
    const res = await withEnv(DEFAULTS, () => rotateWith(old.key));
    expect(res.status).toBe(201);
    const rotated = res.json.data;
    expect(res.json).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        key: expect.stringMatching(/^lgw_test_[0-9A-Za-z]{38}$/),
        keyPrefix: rotated.key.slice(0, 12),
        keySuffix: rotated.key.slice(-4),
        expiresAt: expect.stringMatching(ISO),
        previousKeyId: old.id,
        previousKeyGraceUntil: expect.stringMatching(ISO),
      },
    });
    expect(rotated.id).not.toBe(old.id);
    expect(rotated.key).not.toBe(old.key);
    // Defaults: the old key works one more hour; the new one lives 90 days (the old one had no expiry).
    expectAround(rotated.previousKeyGraceUntil, before + 60 * MINUTE_MS);
    expectAround(rotated.expiresAt, before + 90 * DAY_MS);

    const fresh = await keyRow(rotated.id);
    expect(fresh).toMatchObject({
      userId,
      name: 'CI bot',
      mode: 'test',
      scopes: ['tasks:read', 'messages:write'],
      rateLimitPerMinute: 42,
      keyHash: sha256Hex(rotated.key),
      keyPrefix: rotated.keyPrefix,
      keySuffix: rotated.keySuffix,
      revokedAt: null,
      parked: false,
      replacedBy: null,
    });
    expect(fresh?.expiresAt?.toISOString()).toBe(rotated.expiresAt);
    expect(JSON.stringify(fresh)).not.toContain(rotated.key);
    // The old key is marked replaced and now expires when its grace period ends.
    const previous = await keyRow(old.id);
    expect(previous).toMatchObject({ replacedBy: rotated.id, revokedAt: null });
    expect(previous?.expiresAt?.toISOString()).toBe(rotated.previousKeyGraceUntil);

    // The dashboard lists both, without either key.
    const listed = await call(listKeys, '/v1/operators/me/keys', { token });
    expect(listed.json.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: rotated.id, isActive: true, expiresAt: rotated.expiresAt }),
        expect.objectContaining({ id: old.id, isActive: true, expiresAt: rotated.previousKeyGraceUntil }),
      ]),
    );
    expect(listed.text).not.toContain(rotated.key);
  });

  it('the new key works at once, and the old key keeps working during the grace period', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db, { name: 'Rita' });
    const { key } = await insertApiKey(db, { userId: operator.id });

    const res = await rotateWith(key);
    expect(res.status).toBe(201);
    const withNew = await profileWith(res.json.data.key);
    const withOld = await profileWith(key);
    expect(withNew.status).toBe(200);
    expect(withOld.status).toBe(200);
    expect(withNew.json.data).toMatchObject({ id: operator.id, name: 'Rita', activeKeyCount: 2 });
    expect(withOld.json.data.id).toBe(operator.id);
  });

  it('honours KEY_ROTATION_GRACE_SECONDS and ROTATED_KEY_LIFETIME_DAYS', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: operator.id });

    const before = Date.now();
    const res = await withEnv({ KEY_ROTATION_GRACE_SECONDS: '120', ROTATED_KEY_LIFETIME_DAYS: '30' }, () =>
      rotateWith(key),
    );
    expect(res.status).toBe(201);
    expectAround(res.json.data.previousKeyGraceUntil, before + 2 * MINUTE_MS);
    expectAround(res.json.data.expiresAt, before + 30 * DAY_MS);
    expect((await keyRow(res.json.data.previousKeyId))?.expiresAt?.toISOString()).toBe(
      res.json.data.previousKeyGraceUntil,
    );
    expect((await profileWith(key)).status).toBe(200);
  });

  it('the new key keeps the old key’s expiry when it had one', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db);
    const expiresAt = new Date(Date.now() + 10 * DAY_MS);
    const { key, row } = await insertApiKey(db, { userId: operator.id, expiresAt });

    const before = Date.now();
    const res = await withEnv(DEFAULTS, () => rotateWith(key));
    expect(res.status).toBe(201);
    expect(res.json.data.expiresAt).toBe(expiresAt.toISOString());
    expectAround(res.json.data.previousKeyGraceUntil, before + 60 * MINUTE_MS);
    expect((await keyRow(row.id))?.expiresAt?.toISOString()).toBe(res.json.data.previousKeyGraceUntil);
  });

  it('a key expiring within the grace period: rotation neither extends the old key nor gives the new one longer', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db);
    const expiresAt = new Date(Date.now() + 20 * MINUTE_MS);
    const { key, row } = await insertApiKey(db, { userId: operator.id, expiresAt });

    const res = await withEnv(DEFAULTS, () => rotateWith(key));
    expect(res.status).toBe(201);
    expect(res.json.data.previousKeyGraceUntil).toBe(expiresAt.toISOString());
    expect(res.json.data.expiresAt).toBe(expiresAt.toISOString());
    expect((await keyRow(row.id))?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect((await keyRow(res.json.data.id))?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
  });

  it('an agent rotates its own key: the new key is the agent’s and answers its owner’s profile', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db, { name: 'Owner' });
    const agent = await insertUser(db, { type: 'agent', ownerId: operator.id, email: null, name: 'bot' });
    const { key } = await insertApiKey(db, { userId: agent.id, scopes: ['tasks:write'] });

    const res = await rotateWith(key);
    expect(res.status).toBe(201);
    expect(await keyRow(res.json.data.id)).toMatchObject({ userId: agent.id, scopes: ['tasks:write'] });
    const profile = await profileWith(res.json.data.key);
    expect(profile.status).toBe(200);
    expect(profile.json.data).toMatchObject({ id: operator.id, name: 'Owner' });
  });

  it('the new key can itself rotate later', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: operator.id });

    const first = await rotateWith(key);
    const second = await rotateWith(first.json.data.key);
    expect(second.status).toBe(201);
    expect(second.json.data.previousKeyId).toBe(first.json.data.id);
    // The second key had an expiry (from the first rotation), so the third keeps it.
    expect(second.json.data.expiresAt).toBe(first.json.data.expiresAt);
    expect((await profileWith(second.json.data.key)).status).toBe(200);
  });
});
