import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getWorker, PATCH as patchWorker } from './route';

const FORBIDDEN_BODY = envelope('FORBIDDEN', {
  message: 'Only the owner may update this worker profile',
  hint: 'Update your own profile with PATCH /v1/workers/me.',
});

describe('/v1/workers/{id} security', () => {
  it('another user’s PATCH is 403 and changes nothing, listed or not', async () => {
    const owner = await createWorkerViaApi();
    const intruder = await signUpViaApi('intruder');
    const { db } = await getDatabase();
    for (const isListed of [false, true]) {
      await db.update(workerProfiles).set({ isListed }).where(eq(workerProfiles.id, owner.workerId));
      const res = await call(patchWorker, `/v1/workers/${owner.workerId}`, {
        token: intruder.token,
        ip: uniqueIp(),
        params: { id: owner.workerId },
        body: { headline: 'Hijacked', hourlyRateCents: 100 },
      });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(FORBIDDEN_BODY);
    }
    const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.id, owner.workerId));
    expect(row?.headline).toBe(owner.profile.headline);
    expect(row?.hourlyRateCents).toBe(owner.profile.hourlyRateCents);
  });

  it('a stranger never reads the exact home position, listed or not; the owner does', async () => {
    const owner = await createWorkerViaApi();
    const stranger = await signUpViaApi('viewer');
    const { db } = await getDatabase();
    const exact = owner.profile.location;
    expect(exact).toMatchObject({ lat: 48.8566, lng: 2.3522 });
    for (const isListed of [false, true]) {
      await db.update(workerProfiles).set({ isListed }).where(eq(workerProfiles.id, owner.workerId));
      const params = { id: owner.workerId };
      const seen = await call(getWorker, `/v1/workers/${owner.workerId}`, {
        token: stranger.token,
        ip: uniqueIp(),
        params,
      });
      expect(seen.status).toBe(200);
      expect(seen.json.data).toMatchObject({ isListed, location: { ...exact, lat: 48.86, lng: 2.35 } });
      expect(seen.text).not.toContain('48.8566');
      expect(seen.text).not.toContain('2.3522');
      const own = await call(getWorker, `/v1/workers/${owner.workerId}`, {
        token: owner.token,
        ip: uniqueIp(),
        params,
      });
      expect(own.json.data).toMatchObject({ isListed, location: exact });
    }
  });
});
