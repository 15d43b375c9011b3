import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, send, uniqueIp } from '@/test/http';
import { GET, POST as rotate } from './route';

const PATH = '/v1/operators/me/keys/rotate-self';
const DAY_MS = 24 * 60 * 60 * 1000;

const ALREADY_ROTATED = envelope('CONFLICT', {
  message: 'This key has already been rotated',
  hint: 'Use the key that rotation returned; this one stops working when its grace period ends.',
});

const rotateWith = (token: string) => call(rotate, PATH, { token, ip: uniqueIp() });

async function keysOf(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
}

async function operatorWithKey(options: { expiresAt?: Date; revokedAt?: Date } = {}) {
  const { db } = await getDatabase();
  const operator = await insertUser(db);
  const { key, row } = await insertApiKey(db, { userId: operator.id, ...options });
  return { operator, key, row };
}

describe('POST /v1/operators/me/keys/rotate-self: errors', () => {
  it('rotating the same key twice is 409 CONFLICT; the second call issues no key and changes nothing', async () => {
    const { operator, key, row } = await operatorWithKey();
    const first = await rotateWith(key);
    expect(first.status).toBe(201);
    const afterFirst = await keysOf(operator.id);

    const second = await rotateWith(key);
    expect(second.status).toBe(409);
    expect(second.json).toEqual(ALREADY_ROTATED);
    expect(second.text).not.toContain(first.json.data.key);
    expect(await keysOf(operator.id)).toEqual(afterFirst);
    expect(afterFirst).toHaveLength(2);
    expect(afterFirst.find((k) => k.id === row.id)?.replacedBy).toBe(first.json.data.id);
  });

  it('two concurrent rotations of one key: exactly one 201, the other 409', async () => {
    const { operator, key } = await operatorWithKey();
    const results = await Promise.all([rotateWith(key), rotateWith(key)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    const conflict = results.find((res) => res.status === 409);
    expect(conflict?.json).toEqual(ALREADY_ROTATED);
    expect(await keysOf(operator.id)).toHaveLength(2);
  });

  it('a revoked or expired key cannot rotate (401) and nothing is issued', async () => {
    const revoked = await operatorWithKey({ revokedAt: new Date() });
    const expired = await operatorWithKey({ expiresAt: new Date(Date.now() - DAY_MS) });
    for (const { operator, key } of [revoked, expired]) {
      const res = await rotateWith(key);
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED_BODY);
      expect(await keysOf(operator.id)).toHaveLength(1);
    }
  });

  it('GET is 405 METHOD_NOT_ALLOWED with Allow: POST', async () => {
    const res = await send(GET, new Request(`http://localhost:3000${PATH}`, { method: 'GET' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.json).toEqual(
      envelope('METHOD_NOT_ALLOWED', {
        message: 'GET is not allowed on this path',
        hint: 'Use POST; see /v1/openapi.json.',
      }),
    );
  });
});
