import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile, onboardPayouts, verifyIdentity } from '@/test/workers';
import { POST } from './route';

withoutStripe();

const list = (token: string, body?: unknown) => call(POST, '/v1/workers/me/listing', { token, body, ip: uniqueIp() });

async function storedFlag(userId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId));
  return row?.isListed;
}

const EMPTY_PROFILE = {
  displayName: null,
  headline: null,
  bio: null,
  skills: null,
  hourlyRateCents: null,
  lat: null,
  lng: null,
};

describe('POST /v1/workers/me/listing: the gate, in order', () => {
  it('PROFILE_INCOMPLETE names every missing field, even when ID and payouts are missing too', async () => {
    const { userId, token } = await signUpViaApi('incomplete');
    await insertWorkerProfile(userId, EMPTY_PROFILE);
    const res = await list(token);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      envelope('PROFILE_INCOMPLETE', {
        details: { missing: ['displayName', 'bio or headline', 'skills', 'hourlyRateCents', 'location'] },
      }),
    );
    expect(await storedFlag(userId)).toBe(false);
  });

  it('blank strings and an empty skills list count as missing', async () => {
    const { userId, token } = await signUpViaApi('blank');
    await insertWorkerProfile(userId, { displayName: '  ', bio: '', headline: null, skills: [] });
    const res = await list(token);
    expect(res.json).toEqual(
      envelope('PROFILE_INCOMPLETE', { details: { missing: ['displayName', 'bio or headline', 'skills'] } }),
    );
  });

  it('incomplete beats unverified beats no payouts', async () => {
    const { userId, token } = await signUpViaApi('order');
    await insertWorkerProfile(userId, { hourlyRateCents: null });
    expect((await list(token)).json).toEqual(
      envelope('PROFILE_INCOMPLETE', { details: { missing: ['hourlyRateCents'] } }),
    );

    const { db } = await getDatabase();
    await db.update(workerProfiles).set({ hourlyRateCents: 3000 }).where(eq(workerProfiles.userId, userId));
    const unverified = await list(token);
    expect(unverified.status).toBe(400);
    expect(unverified.json).toEqual(envelope('ID_VERIFICATION_REQUIRED'));

    await verifyIdentity(token);
    const noPayouts = await list(token);
    expect(noPayouts.status).toBe(400);
    expect(noPayouts.json).toEqual(envelope('PAYMENT_ONBOARDING_REQUIRED'));

    await onboardPayouts({ id: userId, email: null });
    expect((await list(token)).json).toEqual({ data: { isListed: true } });
  });

  it('an unverified ID cannot list even when everything else is complete', async () => {
    const { userId, token } = await signUpViaApi('unverified');
    await insertWorkerProfile(userId, { verificationTier: 0 });
    await onboardPayouts({ id: userId, email: null });
    expect((await list(token)).json).toEqual(envelope('ID_VERIFICATION_REQUIRED'));

    // A started but unfinished session, then a failed one, change nothing.
    await verifyIdentity(token, 'failed');
    expect((await list(token)).json).toEqual(envelope('ID_VERIFICATION_REQUIRED'));
    expect(await storedFlag(userId)).toBe(false);
  });

  it('a payout account that exists but has not finished onboarding is not enough', async () => {
    const { userId, token } = await signUpViaApi('halfway');
    await insertWorkerProfile(userId);
    await verifyIdentity(token);
    await onboardPayouts({ id: userId, email: null }, false);
    expect((await list(token)).json).toEqual(envelope('PAYMENT_ONBOARDING_REQUIRED'));
  });

  it('an explicit {isListed: true} meets the same gate', async () => {
    const { userId, token } = await signUpViaApi('explicit');
    await insertWorkerProfile(userId);
    expect((await list(token, { isListed: true })).json).toEqual(envelope('ID_VERIFICATION_REQUIRED'));
  });
});

describe('POST /v1/workers/me/listing: other errors', () => {
  it('404 without a profile', async () => {
    const { token } = await signUpViaApi('noprofile');
    const res = await list(token);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' }),
    );
  });

  it('400 for an unknown field or a non-boolean isListed', async () => {
    const { userId, token } = await signUpViaApi('badbody');
    await insertWorkerProfile(userId);
    const unknown = await list(token, { listed: true });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('VALIDATION_ERROR');
    const wrongType = await list(token, { isListed: 'yes' });
    expect(wrongType.json).toEqual(validationEnvelope([{ path: ['isListed'], message: expect.any(String) }]));
  });
});
