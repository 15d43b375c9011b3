import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { apiRequestLog, sessions } from '@/db/schema';
import { captureLogs, restoreLogs } from '@/test/capture-logs';
import { recordingDatabase } from '@/test/expect';
import { insertUser } from '@/test/factories';
import { runExpiredRowsSweep, sweepExpiredRows } from './sweep-expired-rows';

// Test files share one Postgres database: the assertions only look at the rows made here (the sweep
// itself deletes what every test left behind), and counts are compared with `>=`.

/** Sessions of one new user, their end times relative to the database clock; the label is in the hash. */
async function insertSessions(ages: Record<string, { expiresAt: string; revokedAt?: string }>) {
  const { db } = await getDatabase();
  const user = await insertUser(db);
  const rows = await db
    .insert(sessions)
    .values(
      Object.entries(ages).map(([label, { expiresAt, revokedAt }]) => ({
        userId: user.id,
        tokenHash: `${label}:${randomUUID()}`,
        expiresAt: sql`now() + ${expiresAt}::interval`,
        revokedAt: revokedAt ? sql`now() - ${revokedAt}::interval` : null,
      })),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}

async function remainingSessions(tokenHashes: string[]) {
  const { db } = await getDatabase();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(inArray(sessions.tokenHash, tokenHashes));
  return rows.map((row) => row.tokenHash.split(':')[0]).sort();
}

/** Usage-log rows of one fresh key, `age` old each; returns the key id. */
async function insertUsageRows(ages: string[]) {
  const { db } = await getDatabase();
  const apiKeyId = randomUUID();
  await db.insert(apiRequestLog).values(
    ages.map((age) => ({
      apiKeyId,
      userId: randomUUID(),
      method: 'GET',
      route: `/v1/tasks#${age}`,
      status: 200,
      latencyMs: 3,
      createdAt: sql`now() - ${age}::interval`,
    })),
  );
  return apiKeyId;
}

async function remainingUsageRoutes(apiKeyId: string) {
  const { db } = await getDatabase();
  const rows = await db
    .select({ route: apiRequestLog.route })
    .from(apiRequestLog)
    .where(inArray(apiRequestLog.apiKeyId, [apiKeyId]));
  return rows.map((row) => row.route.split('#')[1]).sort();
}

describe('sweepExpiredRows: sessions', () => {
  it('deletes sessions a day past expiry or revocation and keeps live and recently ended ones', async () => {
    const hashes = await insertSessions({
      live: { expiresAt: '29 days' },
      expiredLongAgo: { expiresAt: '-2 days' },
      expiredJustNow: { expiresAt: '-1 hour' },
      revokedLongAgo: { expiresAt: '20 days', revokedAt: '25 hours' },
      revokedJustNow: { expiresAt: '20 days', revokedAt: '1 minute' },
    });

    const counts = await sweepExpiredRows(await getDatabase());

    expect(await remainingSessions(hashes)).toEqual(['expiredJustNow', 'live', 'revokedJustNow']);
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
  });
});

describe('sweepExpiredRows: usage log', () => {
  it('deletes usage-log rows older than 30 days and keeps younger ones', async () => {
    const keyId = await insertUsageRows(['31 days', '30 days 1 hour', '29 days 23 hours', '1 day', '0 seconds']);

    const counts = await sweepExpiredRows(await getDatabase());

    expect(await remainingUsageRoutes(keyId)).toEqual(['0 seconds', '1 day', '29 days 23 hours']);
    expect(counts.usageLog).toBeGreaterThanOrEqual(2);
  });

  it('works off a backlog in batches: one bounded statement after another until it is gone', async () => {
    const keyId = await insertUsageRows(['40 days', '41 days', '42 days', '43 days', '44 days', '1 hour']);
    const real = await getDatabase();
    const statements: string[] = [];

    const counts = await sweepExpiredRows(recordingDatabase(real, statements), 2);

    expect(await remainingUsageRoutes(keyId)).toEqual(['1 hour']);
    expect(counts.usageLog).toBeGreaterThanOrEqual(5);
    // 5 rows in batches of 2: at least 2, 2, 1 (more if other tests left old rows behind).
    expect(statements.filter((name) => name === 'sweep_usageLog').length).toBeGreaterThanOrEqual(3);
  });
});

describe('sweepExpiredRows: counts', () => {
  it('returns how many rows each sweep touched', async () => {
    const database = await getDatabase();
    await sweepExpiredRows(database);
    const keyId = await insertUsageRows(['35 days']);

    const counts = await sweepExpiredRows(database);

    expect(Object.keys(counts).sort()).toEqual(
      [
        'claimCodes',
        'claimLinkEmailCounts',
        'idempotencyKeys',
        'rateLimitCounters',
        'sessions',
        'unclaimedSealedKeys',
        'usageLog',
      ].sort(),
    );
    expect(counts.usageLog).toBeGreaterThanOrEqual(1);
    expect(await remainingUsageRoutes(keyId)).toEqual([]);
  });
});

describe('runExpiredRowsSweep', () => {
  afterEach(restoreLogs);

  it('logs one line with the counts per table', async () => {
    await insertUsageRows(['33 days']);
    const logged = captureLogs('info');

    await runExpiredRowsSweep(await getDatabase());

    const lines = logged.map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'swept expired rows', durationMs: expect.any(Number) }),
    ]);
    expect(lines[0].swept).toEqual({
      idempotencyKeys: expect.any(Number),
      rateLimitCounters: expect.any(Number),
      claimCodes: expect.any(Number),
      unclaimedSealedKeys: expect.any(Number),
      sessions: expect.any(Number),
      usageLog: expect.any(Number),
      claimLinkEmailCounts: expect.any(Number),
    });
    expect(lines[0].swept.usageLog).toBeGreaterThanOrEqual(1);
  });

  it('logs a failure as an error line instead of throwing', async () => {
    const real = await getDatabase();
    const logged = captureLogs('info');

    await runExpiredRowsSweep({ ...real, query: () => Promise.reject(new Error('connection refused')) });

    expect(logged.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'sweeping expired rows failed',
        error: expect.objectContaining({ message: 'connection refused' }),
      }),
    ]);
  });
});
