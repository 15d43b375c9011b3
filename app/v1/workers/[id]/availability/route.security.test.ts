import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { GET } from './route';

const NOT_FOUND = envelope('NOT_FOUND', { message: 'No such worker', hint: 'Check the id (a worker profile id).' });

const windows = (id: string, token?: string) =>
  call(GET, `/v1/workers/${id}/availability`, { token, params: { id }, ip: uniqueIp() });

describe('GET /v1/workers/{id}/availability: who may look', () => {
  it('an unlisted worker is visible to another human and to an agent key; an unknown id is 404', async () => {
    const { userId } = await signUpViaApi('hidden');
    const profile = await insertWorkerProfile(userId, { isListed: false });
    const stranger = await signUpViaApi('stranger');
    const { db } = await getDatabase();
    const agent = await insertUser(db, { type: 'agent' });
    const { key } = await insertApiKey(db, { userId: agent.id, scopes: ['workers:read'] });
    for (const token of [stranger.token, key]) {
      const res = await windows(profile.id, token);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.json.data)).toBe(true);
      const unknown = await windows(crypto.randomUUID(), token);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual(NOT_FOUND);
    }
  });
});
