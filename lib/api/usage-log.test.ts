import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getMe } from '@/app/v1/users/me/route';
import { POST as signUp } from '@/app/v1/users/route';
import { getDatabase } from '@/db/client';
import { apiKeys, apiRequestLog } from '@/db/schema';
import { insertApiKey, insertUser, uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { FLUSH_INTERVAL_MS, flushUsageLog, MAX_BATCH, recordUsage } from './usage-log';

describe('usage log', () => {
  it("records a request made with an API key and sets the key's last_used_at", async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key, row: keyRow } = await insertApiKey(db, { userId: user.id });
    expect(keyRow.lastUsedAt).toBeNull();
    const ip = uniqueIp();
    const before = new Date(Date.now() - 1000);

    // The client address is the TCP peer: a forged X-Forwarded-For does not reach the log.
    const forged = { 'x-forwarded-for': uniqueIp() };
    const res = await call(getMe, '/v1/users/me', { token: key, ip, headers: forged });
    expect(res.status).toBe(200);
    await flushUsageLog();

    const rows = await db.select().from(apiRequestLog).where(eq(apiRequestLog.apiKeyId, keyRow.id));
    expect(rows).toHaveLength(1);
    const [entry] = rows;
    expect(entry).toMatchObject({
      apiKeyId: keyRow.id,
      userId: user.id,
      method: 'GET',
      route: '/v1/users/me',
      status: 200,
      ip,
    });
    expect(entry?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(entry?.latencyMs)).toBe(true);
    expect(entry?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());

    const [updated] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyRow.id));
    expect(updated?.lastUsedAt).toBeInstanceOf(Date);
    expect(updated?.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('records every request of the key, refused ones included (429 past its limit)', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key, row: keyRow } = await insertApiKey(db, { userId: user.id, rateLimitPerMinute: 1 });
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++) statuses.push((await call(getMe, '/v1/users/me', { token: key, ip })).status);
    await flushUsageLog();

    const rows = await db.select().from(apiRequestLog).where(eq(apiRequestLog.apiKeyId, keyRow.id));
    expect(rows).toHaveLength(3);
    // Whatever the window did, the log holds exactly the statuses the client saw.
    expect(rows.map((row) => row.status).sort()).toEqual([...statuses].sort());
    expect(statuses).toContain(429);
  });

  it('writes nothing for a session request', async () => {
    const { db } = await getDatabase();
    const signedUp = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: uniqueEmail('usage-session'), password: 'correct horse battery' },
    });
    expect(signedUp.status).toBe(201);
    const userId = signedUp.json.data.user.id;

    const res = await call(getMe, '/v1/users/me', { token: signedUp.json.data.session.token, ip: uniqueIp() });
    expect(res.status).toBe(200);
    await flushUsageLog();

    expect(await db.select().from(apiRequestLog).where(eq(apiRequestLog.userId, userId))).toHaveLength(0);
  });

  it('writes nothing for a refused credential', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key, row: keyRow } = await insertApiKey(db, { userId: user.id, revokedAt: new Date() });
    expect((await call(getMe, '/v1/users/me', { token: key, ip: uniqueIp() })).status).toBe(401);
    await flushUsageLog();
    expect(await db.select().from(apiRequestLog).where(eq(apiRequestLog.apiKeyId, keyRow.id))).toHaveLength(0);
  });

  it('writes a full batch without waiting for the flush interval', async () => {
    const database = await getDatabase();
    const user = await insertUser(database.db);
    const { row: keyRow } = await insertApiKey(database.db, { userId: user.id });
    const started = Date.now();
    for (let n = 0; n < MAX_BATCH; n++)
      recordUsage(async () => database, {
        apiKeyId: keyRow.id,
        userId: user.id,
        method: 'GET',
        route: '/v1/users/me',
        status: 200,
        latencyMs: 1,
        ip: '203.0.113.9',
        at: new Date(),
      });
    const logged = async () =>
      (await database.db.select().from(apiRequestLog).where(eq(apiRequestLog.apiKeyId, keyRow.id))).length;
    // Well before the interval's timer would have written them.
    while ((await logged()) < MAX_BATCH && Date.now() - started < FLUSH_INTERVAL_MS * 0.8)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await logged()).toBe(MAX_BATCH);
  });
});
