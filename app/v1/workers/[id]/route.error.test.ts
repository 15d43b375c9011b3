import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getWorker, PATCH as patchWorker } from './route';

const NO_SUCH_WORKER = envelope('NOT_FOUND', {
  message: 'No such worker',
  hint: 'Check the id: it is the worker profile’s `id` from GET /v1/workers, not a user id.',
});

describe('/v1/workers/{id} errors', () => {
  it('GET of an unknown or malformed id is 404', async () => {
    const { token } = await signUpViaApi('viewer');
    const id = randomUUID();
    const unknown = await call(getWorker, `/v1/workers/${id}`, { token, ip: uniqueIp(), params: { id } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(NO_SUCH_WORKER);
    const malformed = await call(getWorker, '/v1/workers/nope', { token, ip: uniqueIp(), params: { id: 'nope' } });
    expect(malformed.status).toBe(404);
    expect(malformed.json).toEqual(envelope('NOT_FOUND'));
  });

  it('PATCH of an unknown id is 404', async () => {
    const { token } = await signUpViaApi('worker');
    const id = randomUUID();
    const res = await call(patchWorker, `/v1/workers/${id}`, { token, ip: uniqueIp(), params: { id }, body: {} });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', { message: 'No such worker profile', hint: 'Check the worker id.' }),
    );
  });

  it('PATCH validates the body (same schema as PATCH /v1/workers/me)', async () => {
    const { token, workerId } = await createWorkerViaApi();
    const res = await call(patchWorker, `/v1/workers/${workerId}`, {
      token,
      ip: uniqueIp(),
      params: { id: workerId },
      body: { hourlyRateCents: 0, skills: [''] },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['skills', '0'], message: 'Must not be empty' },
        { path: ['hourlyRateCents'], message: 'Must be at least 100' },
      ]),
    );
  });
});
