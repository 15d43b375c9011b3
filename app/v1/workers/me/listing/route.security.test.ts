import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile, onboardPayouts, verifyIdentity } from '@/test/workers';
import { POST } from './route';

withoutStripe();

const list = (token?: string) => call(POST, '/v1/workers/me/listing', { token, ip: uniqueIp() });

describe('POST /v1/workers/me/listing: who may flip', () => {
  it('401 without credentials or with an unknown token', async () => {
    for (const token of [undefined, 'not-a-session', 'lgw_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await list(token);
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED_BODY);
    }
  });

  it('another user’s key acts on its own user: 404 when that user has no profile, the worker untouched', async () => {
    const { userId: workerId } = await signUpViaApi('victim');
    await insertWorkerProfile(workerId, { isListed: true });
    const { db } = await getDatabase();
    const stranger = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: stranger.id });
    const res = await list(key);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' }),
    );
    const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, workerId));
    expect(row?.isListed).toBe(true);
  });

  it('verification and payouts of another user do not count for the caller', async () => {
    const ready = await signUpViaApi('ready');
    await insertWorkerProfile(ready.userId);
    await verifyIdentity(ready.token);
    await onboardPayouts({ id: ready.userId, email: null });
    const { userId, token } = await signUpViaApi('borrower');
    await insertWorkerProfile(userId);
    const res = await list(token);
    expect(res.json).toEqual(envelope('ID_VERIFICATION_REQUIRED'));
  });
});
