import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { identityVerifications, workerProfiles } from '@/db/schema';
import { env } from '@/lib/env';
import { finishTestIdentity } from '@/lib/payments/test-mode/complete-test-flows';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { POST } from './route';
import { GET as statusRoute } from './status/route';

withoutStripe();

const IDENTITY_URL = /\/test-processor\/identity\/(vs_test_[A-Za-z0-9_-]+)$/;

const start = (token: string) => call(POST, '/v1/workers/me/verify', { token, ip: uniqueIp() });
const status = (token: string) => call(statusRoute, '/v1/workers/me/verify/status', { token, ip: uniqueIp() });

async function tierOf(userId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId));
  return row?.verificationTier;
}

describe('POST /v1/workers/me/verify and GET /v1/workers/me/verify/status', () => {
  it('not_started, then pending, then verified through the test-mode page, and the tier rises to 1', async () => {
    const { userId, token } = await signUpViaApi('verify');
    await insertWorkerProfile(userId);
    expect((await status(token)).json).toEqual({
      data: { status: 'not_started', idVerified: false, lastVerifiedAt: null },
    });

    const res = await start(token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      data: { verificationUrl: expect.stringMatching(IDENTITY_URL), sessionId: expect.stringMatching(/^vs_test_/) },
    });
    expect(res.json.data.verificationUrl).toBe(`${env().SITE_URL}/test-processor/identity/${res.json.data.sessionId}`);
    const { db } = await getDatabase();
    const rows = await db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId));
    expect(rows).toEqual([
      expect.objectContaining({
        sessionId: res.json.data.sessionId,
        status: 'pending',
        livemode: false,
        processor: 'test-mode',
      }),
    ]);
    expect((await status(token)).json).toEqual({
      data: { status: 'pending', idVerified: false, lastVerifiedAt: null },
    });

    const back = await finishTestIdentity(db, res.json.data.sessionId, 'verified');
    expect(back).toBe(`${env().SITE_URL}/worker/onboarding?step=identity`);
    const verified = await status(token);
    expect(verified.json).toEqual({
      data: { status: 'verified', idVerified: true, lastVerifiedAt: expect.any(String) },
    });
    expect(Math.abs(Date.parse(verified.json.data.lastVerifiedAt) - Date.now())).toBeLessThan(60_000);
    expect(await tierOf(userId)).toBe(1);

    expect((await start(token)).json).toEqual({ data: { alreadyVerified: true } });
  });

  it('a failed attempt reads failed, leaves the tier at 0, and a new attempt can start', async () => {
    const { userId, token } = await signUpViaApi('verifyfail');
    await insertWorkerProfile(userId);
    const first = await start(token);
    const { db } = await getDatabase();
    await finishTestIdentity(db, first.json.data.sessionId, 'failed');
    expect((await status(token)).json).toEqual({
      data: { status: 'failed', idVerified: false, lastVerifiedAt: null },
    });
    expect(await tierOf(userId)).toBe(0);

    const second = await start(token);
    expect(second.json.data.sessionId).not.toBe(first.json.data.sessionId);
    expect((await status(token)).json.data.status).toBe('pending');
  });

  it('a late failure event does not undo a verified identity or lower the tier', async () => {
    const { userId, token } = await signUpViaApi('verifylate');
    await insertWorkerProfile(userId, { verificationTier: 2 });
    const res = await start(token);
    const { db } = await getDatabase();
    await finishTestIdentity(db, res.json.data.sessionId, 'verified');
    await finishTestIdentity(db, res.json.data.sessionId, 'failed');
    expect((await status(token)).json.data).toMatchObject({ status: 'verified', idVerified: true });
    expect(await tierOf(userId)).toBe(2);
  });
});
