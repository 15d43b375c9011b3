import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerAvailabilityRules } from '@/db/schema';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { PUT } from './route';

const BODY = { timeZone: 'UTC', weekly: [{ dayOfWeek: 1, start: '09:00', end: '17:00' }] };
const put = (token?: string) => call(PUT, '/v1/workers/me/availability', { token, body: BODY, ip: uniqueIp() });

describe('PUT /v1/workers/me/availability: session of the worker only', () => {
  it('403 for an API key, even the worker’s own; nothing is stored', async () => {
    const { userId } = await signUpViaApi('availkey');
    const profile = await insertWorkerProfile(userId);
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId });
    const res = await put(key);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect(
      await db.select().from(workerAvailabilityRules).where(eq(workerAvailabilityRules.workerId, profile.id)),
    ).toEqual([]);
  });

  it('writes only the caller’s own schedule', async () => {
    const owner = await signUpViaApi('availowner');
    const ownerProfile = await insertWorkerProfile(owner.userId);
    const other = await signUpViaApi('availother');
    const otherProfile = await insertWorkerProfile(other.userId);
    expect((await put(other.token)).status).toBe(200);
    const { db } = await getDatabase();
    expect(
      await db.select().from(workerAvailabilityRules).where(eq(workerAvailabilityRules.workerId, ownerProfile.id)),
    ).toEqual([]);
    expect(
      await db.select().from(workerAvailabilityRules).where(eq(workerAvailabilityRules.workerId, otherProfile.id)),
    ).toHaveLength(1);
  });
});
