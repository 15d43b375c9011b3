import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getCaps, PUT as putCaps } from './route';

const PATH = '/v1/workers/me/capabilities';
const NO_PROFILE = envelope('NOT_FOUND', {
  message: 'You have no worker profile',
  hint: 'Create one with POST /v1/workers first.',
});

describe('/v1/workers/me/capabilities errors', () => {
  it('GET and PUT without a profile are 404', async () => {
    const { token } = await signUpViaApi('worker');
    const read = await call(getCaps, PATH, { token, ip: uniqueIp() });
    expect(read.status).toBe(404);
    expect(read.json).toEqual(NO_PROFILE);
    const write = await call(putCaps, PATH, { token, ip: uniqueIp(), body: { answers: [] } });
    expect(write.status).toBe(404);
    expect(write.json).toEqual(NO_PROFILE);
  });

  it('an unknown category or capability is 400 with the answer’s path, and nothing is saved', async () => {
    const { token } = await createWorkerViaApi();
    const res = await call(putCaps, PATH, {
      token,
      ip: uniqueIp(),
      body: {
        answers: [
          { category: 'driving', capability: 'car', answer: 'yes' },
          { category: 'driving', capability: 'spaceship', answer: 'yes' },
          { category: 'magic', capability: 'car', answer: 'no' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const message = 'Unknown category or capability; see GET /v1/workers/me/capabilities';
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['answers', '1'], message },
        { path: ['answers', '2'], message },
      ]),
    );
    const read = await call(getCaps, PATH, { token, ip: uniqueIp() });
    expect(read.json.data.capabilityAnswers).toEqual([]);
  });

  it('a bad answer value, a duplicate capability and a missing list are 400', async () => {
    const { token } = await createWorkerViaApi();
    const bad = await call(putCaps, PATH, {
      token,
      ip: uniqueIp(),
      body: { answers: [{ category: 'driving', capability: 'car', answer: 'sometimes' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(
      validationEnvelope([
        { path: ['answers', '0', 'answer'], message: 'Invalid option: expected one of "yes"|"maybe"|"no"' },
      ]),
    );
    const twice = { category: 'driving', capability: 'car', answer: 'yes' };
    const duplicate = await call(putCaps, PATH, { token, ip: uniqueIp(), body: { answers: [twice, twice] } });
    expect(duplicate.json).toEqual(
      validationEnvelope([{ path: ['answers'], message: 'Each capability may be answered once' }]),
    );
    const missing = await call(putCaps, PATH, { token, ip: uniqueIp(), body: {} });
    expect(missing.json).toEqual(
      validationEnvelope([{ path: ['answers'], message: 'Invalid input: expected array, received undefined' }]),
    );
  });
});
