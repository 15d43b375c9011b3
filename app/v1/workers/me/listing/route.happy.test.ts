import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { insertApiKey } from '@/test/factories';
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

/** A signed-up user with a complete profile, a verified identity and an onboarded payout account. */
async function readyWorker() {
  const { userId, token } = await signUpViaApi('lister');
  await insertWorkerProfile(userId);
  await verifyIdentity(token);
  await onboardPayouts({ id: userId, email: null });
  return { userId, token };
}

describe('POST /v1/workers/me/listing', () => {
  it('flips a ready worker on, then off, and the row follows', async () => {
    const { userId, token } = await readyWorker();
    const on = await list(token);
    expect(on.status, on.text).toBe(200);
    expect(on.json).toEqual({ data: { isListed: true } });
    expect(await storedFlag(userId)).toBe(true);

    const off = await list(token);
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ data: { isListed: false } });
    expect(await storedFlag(userId)).toBe(false);
  });

  it('an explicit {isListed} sets the state instead of flipping, so repeating it changes nothing', async () => {
    const { userId, token } = await readyWorker();
    for (let i = 0; i < 2; i++) {
      const res = await list(token, { isListed: true });
      expect(res.json).toEqual({ data: { isListed: true } });
    }
    expect(await storedFlag(userId)).toBe(true);
    const off = await list(token, { isListed: false });
    expect(off.json).toEqual({ data: { isListed: false } });
    expect(await storedFlag(userId)).toBe(false);
  });

  it('works with a bearer API key of the worker’s own user', async () => {
    const { userId } = await readyWorker();
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId, mode: 'test' });
    const res = await list(key);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { isListed: true } });
    expect(await storedFlag(userId)).toBe(true);
  });

  it('unlisting always works, even when the profile has since become incomplete and unverified', async () => {
    const { userId, token } = await signUpViaApi('unlist');
    await insertWorkerProfile(userId, { isListed: true, bio: null, headline: null, skills: [] });
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { isListed: false } });
    expect(await storedFlag(userId)).toBe(false);
  });

  it('a headline without a bio is enough', async () => {
    const { userId, token } = await signUpViaApi('headline');
    await insertWorkerProfile(userId, { bio: null });
    await verifyIdentity(token);
    await onboardPayouts({ id: userId, email: null });
    expect((await list(token)).json).toEqual({ data: { isListed: true } });
  });
});
