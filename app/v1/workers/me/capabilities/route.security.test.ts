import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getWorker } from '@/app/v1/workers/[id]/route';
import { GET as getMe } from '@/app/v1/workers/me/route';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getCaps, PUT as putCaps } from './route';

const PATH = '/v1/workers/me/capabilities';
const SECRET_DETAIL = 'private-detail-7f3a';
const NO_DETAIL = 'private-no-detail-91c2';

describe('/v1/workers/me/capabilities security', () => {
  it('private answers (no answers and every detail) never appear in GET /v1/workers/me or /v1/workers/{id}', async () => {
    const worker = await createWorkerViaApi();
    const { db } = await getDatabase();
    await db.update(workerProfiles).set({ isListed: true }).where(eq(workerProfiles.id, worker.workerId));
    const saved = await call(putCaps, PATH, {
      token: worker.token,
      ip: uniqueIp(),
      body: {
        answers: [
          { category: 'driving', capability: 'car', answer: 'yes', detail: SECRET_DETAIL },
          { category: 'care', capability: 'children', answer: 'no', detail: NO_DETAIL },
        ],
      },
    });
    expect(saved.status).toBe(200);

    const viewer = await signUpViaApi('agent-op');
    const { key } = await insertApiKey(db, { userId: viewer.userId, scopes: ['workers:read'] });
    const params = { id: worker.workerId };
    const responses = [
      await call(getMe, '/v1/workers/me', { token: worker.token, ip: uniqueIp() }),
      await call(getWorker, `/v1/workers/${worker.workerId}`, { token: worker.token, ip: uniqueIp(), params }),
      await call(getWorker, `/v1/workers/${worker.workerId}`, { token: viewer.token, ip: uniqueIp(), params }),
      await call(getWorker, `/v1/workers/${worker.workerId}`, { token: key, ip: uniqueIp(), params }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.json.data.skillDetails).toEqual([{ category: 'driving', capability: 'car', level: 'yes' }]);
      expect(res.text).not.toContain(SECRET_DETAIL);
      expect(res.text).not.toContain(NO_DETAIL);
      expect(res.text).not.toContain('children');
      expect(res.text).not.toContain('capabilityAnswers');
      expect(res.text).not.toContain('"answer"');
    }
    const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.id, worker.workerId));
    expect(JSON.stringify(row?.skillDetails)).not.toContain(SECRET_DETAIL);
  });

  it('one worker never sees another’s answers', async () => {
    const a = await createWorkerViaApi();
    const b = await createWorkerViaApi();
    await call(putCaps, PATH, {
      token: a.token,
      ip: uniqueIp(),
      body: { answers: [{ category: 'tools', capability: 'ladder', answer: 'no', detail: SECRET_DETAIL }] },
    });
    const res = await call(getCaps, PATH, { token: b.token, ip: uniqueIp() });
    expect(res.json.data.capabilityAnswers).toEqual([]);
  });
});
