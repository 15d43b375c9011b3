import { expect } from 'vitest';
import { POST as verifyRoute } from '@/app/v1/workers/me/verify/route';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { completeTestOnboarding, finishTestIdentity } from '@/lib/payments/test-mode/complete-test-flows';
import { startPayoutOnboarding } from '@/lib/services/money/start-payout-onboarding';
import { call, uniqueIp } from './http';
import { BACK_URL, paymentsSetup } from './payments';

// Worker helpers. Profiles are inserted directly so these tests do not depend on POST /v1/workers.

/** A complete, unlisted worker profile for `userId` (every field the listing gate asks for), with overrides. */
export async function insertWorkerProfile(userId: string, overrides: Partial<typeof workerProfiles.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(workerProfiles)
    .values({
      userId,
      displayName: 'Dana Runner',
      headline: 'Errands around Kreuzberg',
      bio: 'Fast, careful, owns a cargo bike.',
      skills: ['delivery', 'photography'],
      hourlyRateCents: 2500,
      lat: 52.4986,
      lng: 13.4034,
      city: 'Berlin',
      region: 'Berlin',
      country: 'DE',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** Starts verification through the API and presses "Verify" (or "Fail") on the test-mode identity page. */
export async function verifyIdentity(token: string, outcome: 'verified' | 'failed' = 'verified') {
  const res = await call(verifyRoute, '/v1/workers/me/verify', { token, ip: uniqueIp() });
  expect(res.status, res.text).toBe(200);
  const { db } = await getDatabase();
  expect(await finishTestIdentity(db, res.json.data.sessionId, outcome)).toMatch(
    /\/worker\/onboarding\?step=identity$/,
  );
  return res.json.data.sessionId as string;
}

/** Creates the user's test-mode payout account and, unless `complete` is false, finishes its onboarding. */
export async function onboardPayouts(user: { id: string; email: string | null }, complete = true) {
  const { db, processor } = await paymentsSetup();
  const { onboardingUrl } = await startPayoutOnboarding(db, {
    processor,
    user,
    returnUrl: BACK_URL,
    refreshUrl: BACK_URL,
  });
  if (!complete) return;
  expect(await completeTestOnboarding(db, onboardingUrl.split('/').pop() ?? '')).toBe(BACK_URL);
}
