import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { agentClaimCodes, claimLinkEmailCounts, idempotencyKeys, rateLimitCounters, taskClaims } from '@/db/schema';
import { generateClaimCode } from '@/lib/auth/claim-code-format';
import { sha256Hex } from '@/lib/auth/tokens';
import { claimRow, proposeTask } from '@/test/cold-start';
import { insertUser } from '@/test/factories';
import { sweepExpiredRows } from './sweep-expired-rows';

// Test files share one Postgres database, so every row here has a scope/bucket no other test uses, and
// the assertions only look at these rows (the sweep itself deletes expired rows of every test).
const unique = (label: string) => `test-sweep:${label}:${process.pid}:${randomUUID()}`;

async function insertIdempotencyKey(scope: string, age: string) {
  const { db } = await getDatabase();
  await db.insert(idempotencyKeys).values({
    scope,
    requestHash: 'hash',
    responseStatus: 201,
    responseBody: 'sealed',
    createdAt: sql`now() - ${age}::interval`,
  });
}

/** A counter whose window started `secondsAgo` before the database clock's now. */
async function insertCounter(bucket: string, secondsAgo: number) {
  const { db } = await getDatabase();
  await db.insert(rateLimitCounters).values({
    bucket,
    windowStart: sql`extract(epoch from now())::bigint - ${secondsAgo}::int`,
    count: 3,
  });
}

async function remainingScopes(scopes: string[]) {
  const { db } = await getDatabase();
  const rows = await db
    .select({ scope: idempotencyKeys.scope })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.scope, scopes));
  return rows.map((row) => row.scope).sort();
}

async function remainingBuckets(buckets: string[]) {
  const { db } = await getDatabase();
  const rows = await db
    .select({ bucket: rateLimitCounters.bucket })
    .from(rateLimitCounters)
    .where(inArray(rateLimitCounters.bucket, buckets));
  return rows.map((row) => row.bucket).sort();
}

describe('sweepExpiredRows', () => {
  it('deletes idempotency keys older than 24 hours and keeps younger ones', async () => {
    const old = unique('idem-25h');
    const fresh = unique('idem-fresh');
    const almostExpired = unique('idem-23h');
    await insertIdempotencyKey(old, '25 hours');
    await insertIdempotencyKey(fresh, '0 seconds');
    await insertIdempotencyKey(almostExpired, '23 hours');

    await sweepExpiredRows(await getDatabase());

    expect(await remainingScopes([old, fresh, almostExpired])).toEqual([fresh, almostExpired].sort());
  });

  it('deletes rate-limit counters whose window started over an hour ago and keeps current ones', async () => {
    const old = unique('bucket-2h');
    const current = unique('bucket-now');
    // Still inside the hour kept for the longest window (the 15-minute per-email sign-in limit).
    const recent = unique('bucket-50m');
    await insertCounter(old, 2 * 3600);
    await insertCounter(current, 0);
    await insertCounter(recent, 50 * 60);

    await sweepExpiredRows(await getDatabase());

    expect(await remainingBuckets([old, current, recent])).toEqual([current, recent].sort());
  });

  it('sweeps both tables in one run and is harmless to repeat', async () => {
    const oldKey = unique('idem-old');
    const freshKey = unique('idem-new');
    const oldBucket = unique('bucket-old');
    const freshBucket = unique('bucket-new');
    await insertIdempotencyKey(oldKey, '25 hours');
    await insertIdempotencyKey(freshKey, '1 minute');
    await insertCounter(oldBucket, 2 * 3600);
    await insertCounter(freshBucket, 0);

    const database = await getDatabase();
    await sweepExpiredRows(database);
    await sweepExpiredRows(database);

    expect(await remainingScopes([oldKey, freshKey])).toEqual([freshKey]);
    expect(await remainingBuckets([oldBucket, freshBucket])).toEqual([freshBucket]);
  });
});

describe('sweepExpiredRows: claim codes and unclaimed cold-start keys', () => {
  it('deletes claim codes a week past expiry and keeps younger ones', async () => {
    const { db } = await getDatabase();
    const owner = await insertUser(db);
    const codes = { old: generateClaimCode(), recent: generateClaimCode() };
    await db.insert(agentClaimCodes).values([
      { code: codes.old, ownerId: owner.id, expiresAt: sql`now() - interval '8 days'` },
      { code: codes.recent, ownerId: owner.id, expiresAt: sql`now() - interval '6 days'` },
    ]);

    await sweepExpiredRows(await getDatabase());

    const left = await db
      .select({ code: agentClaimCodes.code })
      .from(agentClaimCodes)
      .where(inArray(agentClaimCodes.code, [codes.old, codes.recent]));
    expect(left.map((row) => row.code)).toEqual([codes.recent]);
  });

  it('erases the sealed key of a claim a day past expiry, and only of unclaimed ones', async () => {
    const { db } = await getDatabase();
    const stale = await proposeTask();
    const recent = await proposeTask();
    await db
      .update(taskClaims)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(taskClaims.claimTokenHash, sha256Hex(stale.claimToken)));
    await db
      .update(taskClaims)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(taskClaims.claimTokenHash, sha256Hex(recent.claimToken)));

    await sweepExpiredRows(await getDatabase());

    expect((await claimRow(stale.claimToken)).sealedKey).toBeNull();
    expect((await claimRow(recent.claimToken)).sealedKey).toMatch(/^v1\./);
  });
});

describe('sweepExpiredRows: claim-link email counts', () => {
  it('deletes the counts of days before yesterday (UTC) and keeps yesterday’s and today’s', async () => {
    const { db } = await getDatabase();
    const address = `${unique('counts')}@example.com`;
    const daysAgo = (days: number) => sql`(now() at time zone 'utc')::date - ${days}::int`;
    await db.insert(claimLinkEmailCounts).values([
      { address, day: daysAgo(2), sent: 3 },
      { address, day: daysAgo(1), sent: 2 },
      { address, day: daysAgo(0), sent: 1 },
    ]);

    await sweepExpiredRows(await getDatabase());

    const left = await db
      .select({ sent: claimLinkEmailCounts.sent })
      .from(claimLinkEmailCounts)
      .where(eq(claimLinkEmailCounts.address, address));
    expect(left.map((row) => row.sent).sort()).toEqual([1, 2]);
  });
});
