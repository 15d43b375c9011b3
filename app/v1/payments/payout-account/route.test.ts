import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { payoutAccounts, testProcessorObjects } from '@/db/schema';
import { env } from '@/lib/env';
import { completeTestOnboarding } from '@/lib/payments/test-mode/complete-test-flows';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { GET, POST } from './route';

// The built-in test-mode processor for every caller.
withoutStripe();

const ONBOARDING_URL = /\/test-processor\/onboarding\/(link_test_[A-Za-z0-9_-]{16})$/;
const NOT_STARTED = {
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirements: ['onboarding'],
};

const signUp = () => signUpViaApi('payout');

const getAccount = (token?: string) => call(GET, '/v1/payments/payout-account', { token, ip: uniqueIp() });
const startOnboarding = (token?: string) => call(POST, '/v1/payments/payout-account', { token, ip: uniqueIp() });

/** POST payout-account, asserting the 201 body; returns the onboarding link id from the URL. */
async function onboardingLinkId(token: string): Promise<string> {
  const res = await startOnboarding(token);
  expect(res.status, res.text).toBe(201);
  expect(res.json).toEqual({ data: { onboardingUrl: expect.stringMatching(ONBOARDING_URL) } });
  expect(res.json.data.onboardingUrl.startsWith(`${env().SITE_URL}/test-processor/onboarding/`)).toBe(true);
  return ONBOARDING_URL.exec(res.json.data.onboardingUrl)?.[1] ?? '';
}

async function accountRows(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}

describe('GET /v1/payments/payout-account', () => {
  it('before onboarding: everything off, requirements [onboarding], and no row is created', async () => {
    const { userId, token } = await signUp();
    const res = await getAccount(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: NOT_STARTED });
    expect(await accountRows(userId)).toEqual([]);
  });
});

describe('POST /v1/payments/payout-account', () => {
  it('answers 201 with a test-processor onboarding link and stores a payout account, not yet enabled', async () => {
    const { userId, token } = await signUp();
    const linkId = await onboardingLinkId(token);

    const rows = await accountRows(userId);
    expect(rows).toEqual([
      {
        userId,
        livemode: false,
        processor: 'test-mode',
        accountId: expect.stringMatching(/^acct_test_/),
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirements: expect.any(Array),
        eventCreated: 0,
        updatedAt: expect.any(Date),
      },
    ]);
    const { db } = await getDatabase();
    const back = `${env().SITE_URL}/dashboard/payments`;
    const [link] = await db.select().from(testProcessorObjects).where(eq(testProcessorObjects.id, linkId));
    expect(link).toMatchObject({
      type: 'account_link',
      data: { account: rows[0]?.accountId, return_url: back, refresh_url: back },
    });

    // Not enabled until onboarding is completed.
    const res = await getAccount(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, requirements: expect.any(Array) },
    });
  });

  it('a second POST reuses the same account (one row) with a fresh link', async () => {
    const { userId, token } = await signUp();
    const first = await onboardingLinkId(token);
    const [row] = await accountRows(userId);

    const second = await onboardingLinkId(token);
    expect(second).not.toBe(first);
    expect(await accountRows(userId)).toEqual([row]);

    const { db } = await getDatabase();
    const [link] = await db.select().from(testProcessorObjects).where(eq(testProcessorObjects.id, second));
    expect(link?.data).toMatchObject({ account: row?.accountId });
  });

  it('completing onboarding enables charges and payouts; GET shows it with no requirements', async () => {
    const { userId, token } = await signUp();
    const linkId = await onboardingLinkId(token);
    const { db } = await getDatabase();

    const next = await completeTestOnboarding(db, linkId);
    expect(next).toBe(`${env().SITE_URL}/dashboard/payments`);

    const res = await getAccount(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirements: [] },
    });
    const [row] = await accountRows(userId);
    expect(row).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirements: [],
      eventCreated: expect.any(Number),
    });
    expect(row?.eventCreated).toBeGreaterThan(0);

    // Onboarding again later keeps the same, enabled account.
    await onboardingLinkId(token);
    expect(await accountRows(userId)).toEqual([row]);
  });

  it('an unknown link id completes nothing', async () => {
    const { db } = await getDatabase();
    expect(await completeTestOnboarding(db, 'link_test_doesnotexist0000')).toBeUndefined();
  });
});

describe('payout account: credentials', () => {
  it('a key with the payments scopes can onboard and read the status', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, scopes: ['payments:read', 'payments:write'] });
    await onboardingLinkId(key);
    expect(await accountRows(user.id)).toHaveLength(1);
    expect((await getAccount(key)).status).toBe(200);
  });

  it('a key without the payments scopes gets 403 FORBIDDEN naming the scope, and no account', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, scopes: [] });
    const forbidden = (scope: string) =>
      envelope('FORBIDDEN', {
        message: `This API key lacks the \`${scope}\` scope`,
        hint: 'Use a key that has this scope, or create one with it from the dashboard.',
        details: { requiredScope: scope },
      });

    const read = await getAccount(key);
    expect(read.status).toBe(403);
    expect(read.json).toEqual(forbidden('payments:read'));
    const start = await startOnboarding(key);
    expect(start.status).toBe(403);
    expect(start.json).toEqual(forbidden('payments:write'));
    expect(await accountRows(user.id)).toEqual([]);
  });
});
