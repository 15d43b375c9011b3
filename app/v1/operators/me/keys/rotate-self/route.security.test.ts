import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { getDatabase } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { withEnv } from '@/test/env';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as rotate } from './route';

const PATH = '/v1/operators/me/keys/rotate-self';

const rotateWith = (token?: string) => call(rotate, PATH, { token, ip: uniqueIp() });
const profileWith = (token: string) => call(getOperator, '/v1/operators/me', { token, ip: uniqueIp() });

async function operatorWithKey() {
  const { db } = await getDatabase();
  const operator = await insertUser(db);
  const { key, row } = await insertApiKey(db, { userId: operator.id });
  return { db, operator, key, row };
}

describe('POST /v1/operators/me/keys/rotate-self: security', () => {
  it('a session token is refused with 403 FORBIDDEN: only an API key rotates itself', async () => {
    const { token, userId } = await signUpViaApi('rotate-session');
    const res = await rotateWith(token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual(
      envelope('FORBIDDEN', {
        message: 'This operation requires an API key',
        hint: 'Send an API key (lgw_live_… or lgw_test_…) as the bearer token.',
      }),
    );
    const { db } = await getDatabase();
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, userId))).toEqual([]);
  });

  it('once the grace period has elapsed (KEY_ROTATION_GRACE_SECONDS=0) the old key is refused with 401', async () => {
    const { key } = await operatorWithKey();
    const res = await withEnv({ KEY_ROTATION_GRACE_SECONDS: '0' }, () => rotateWith(key));
    expect(res.status).toBe(201);
    expect(new Date(res.json.data.previousKeyGraceUntil).getTime()).toBeLessThanOrEqual(Date.now());

    const old = await profileWith(key);
    expect(old.status).toBe(401);
    expect(old.json).toEqual(UNAUTHORIZED_BODY);
    expect(old.text).not.toContain(res.json.data.key);
    // A stale key cannot rotate again either, so it can never mint a second live key.
    expect((await rotateWith(key)).json).toEqual(UNAUTHORIZED_BODY);
    expect((await profileWith(res.json.data.key)).status).toBe(200);
  });

  it('when the grace period ends in the database the old key stops working on the next request', async () => {
    const { db, key, row } = await operatorWithKey();
    const res = await rotateWith(key);
    expect(res.status).toBe(201);
    expect((await profileWith(key)).status).toBe(200);

    await db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, row.id));
    expect((await profileWith(key)).json).toEqual(UNAUTHORIZED_BODY);
    expect((await profileWith(res.json.data.key)).status).toBe(200);
  });

  it('rotation touches only the calling key: the operator’s other keys keep their expiry and stay unreplaced', async () => {
    const { db, operator, key } = await operatorWithKey();
    const { key: otherKey, row: other } = await insertApiKey(db, { userId: operator.id });

    expect((await rotateWith(key)).status).toBe(201);
    const [after] = await db.select().from(apiKeys).where(eq(apiKeys.id, other.id));
    expect(after).toEqual(other);
    expect((await profileWith(otherKey)).status).toBe(200);
  });

  it('a parked (unclaimed cold-start) key cannot rotate itself into a working one', async () => {
    const { db, operator, key, row } = await operatorWithKey();
    await db.update(apiKeys).set({ parked: true }).where(eq(apiKeys.id, row.id));

    const res = await rotateWith(key);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED_BODY);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, operator.id))).toHaveLength(1);
  });
});
