import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { GET } from './route';

const NOT_FOUND = envelope('NOT_FOUND', { message: 'No such worker', hint: 'Check the id (a worker profile id).' });
const TIMESTAMP = 'Must be an ISO-8601 timestamp with a time zone, e.g. 2026-01-31T09:00:00Z';

const windows = (id: string, token: string, query?: Record<string, string>) =>
  call(GET, `/v1/workers/${id}/availability`, { token, query, params: { id }, ip: uniqueIp() });

async function listedWorker() {
  const { userId, token } = await signUpViaApi('winerr');
  const profile = await insertWorkerProfile(userId, { isListed: true });
  return { id: profile.id, token };
}

describe('GET /v1/workers/{id}/availability: 400 and 404', () => {
  it.each([
    ['a bad from', { from: 'yesterday' }, [{ path: ['from'], message: TIMESTAMP }]],
    ['a bad to', { to: '2026-13-01T00:00:00Z' }, [{ path: ['to'], message: TIMESTAMP }]],
    ['a timestamp without a zone', { from: '2026-01-01T00:00:00' }, [{ path: ['from'], message: TIMESTAMP }]],
    [
      'from after to',
      { from: '2030-02-01T00:00:00Z', to: '2030-01-01T00:00:00Z' },
      [{ path: ['to'], message: '`to` must be after `from`' }],
    ],
    [
      'from equal to to',
      { from: '2030-02-01T00:00:00Z', to: '2030-02-01T00:00:00Z' },
      [{ path: ['to'], message: '`to` must be after `from`' }],
    ],
    [
      'to in the past with the default from',
      { to: '2020-01-01T00:00:00Z' },
      [{ path: ['to'], message: '`to` must be after `from`' }],
    ],
    [
      'a range over 90 days',
      { from: '2030-01-01T00:00:00Z', to: '2030-04-01T00:00:01Z' },
      [{ path: ['to'], message: 'The range may span at most 90 days' }],
    ],
  ])('%s → 400 VALIDATION_ERROR', async (_label, query, issues) => {
    const { id, token } = await listedWorker();
    const res = await windows(id, token, query);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope(issues));
  });

  it('404 for an unknown id and for a malformed one', async () => {
    const { token } = await listedWorker();
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await windows(id, token);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    }
    expect((await windows(randomUUID(), token)).json).toEqual(NOT_FOUND);
  });
});
