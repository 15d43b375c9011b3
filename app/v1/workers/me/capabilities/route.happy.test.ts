import { describe, expect, it } from 'vitest';
import { CAPABILITY_CATEGORIES } from '@/lib/workers/capabilities';
import { call, uniqueIp } from '@/test/http';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getCaps, PUT as putCaps } from './route';

const PATH = '/v1/workers/me/capabilities';

const ANSWERS = [
  { category: 'driving', capability: 'van', answer: 'yes', detail: 'Transit, 3 m³' },
  { category: 'lifting', capability: 'heavy', answer: 'maybe' },
  { category: 'care', capability: 'pets', answer: 'no', detail: 'Allergic to cats' },
];

describe('/v1/workers/me/capabilities', () => {
  it('GET lists the catalogue and no answers for a new profile', async () => {
    const { token } = await createWorkerViaApi();
    const res = await call(getCaps, PATH, { token, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { categories: CAPABILITY_CATEGORIES, capabilityAnswers: [] } });
    expect(res.json.data.categories.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining(['driving', 'lifting', 'photography', 'languages', 'tools', 'tech', 'care']),
    );
  });

  it('PUT saves the answers and makes the yes/maybe ones the public skill details, without detail', async () => {
    const { token } = await createWorkerViaApi();
    const res = await call(putCaps, PATH, { token, ip: uniqueIp(), body: { answers: ANSWERS } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      capabilityAnswers: [
        { category: 'driving', capability: 'van', answer: 'yes', detail: 'Transit, 3 m³' },
        { category: 'lifting', capability: 'heavy', answer: 'maybe', detail: null },
        { category: 'care', capability: 'pets', answer: 'no', detail: 'Allergic to cats' },
      ],
      skillDetails: [
        { category: 'driving', capability: 'van', level: 'yes' },
        { category: 'lifting', capability: 'heavy', level: 'maybe' },
      ],
    });
    const read = await call(getCaps, PATH, { token, ip: uniqueIp() });
    expect(read.json.data.capabilityAnswers).toEqual([
      { category: 'care', capability: 'pets', answer: 'no', detail: 'Allergic to cats' },
      { category: 'driving', capability: 'van', answer: 'yes', detail: 'Transit, 3 m³' },
      { category: 'lifting', capability: 'heavy', answer: 'maybe', detail: null },
    ]);
  });

  it('a second PUT replaces every answer; an empty list clears them and the skill details', async () => {
    const { token } = await createWorkerViaApi();
    await call(putCaps, PATH, { token, ip: uniqueIp(), body: { answers: ANSWERS } });
    const second = await call(putCaps, PATH, {
      token,
      ip: uniqueIp(),
      body: { answers: [{ category: 'tech', capability: 'setup', answer: 'yes' }] },
    });
    expect(second.json.data.skillDetails).toEqual([{ category: 'tech', capability: 'setup', level: 'yes' }]);
    const cleared = await call(putCaps, PATH, { token, ip: uniqueIp(), body: { answers: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.data).toEqual({ capabilityAnswers: [], skillDetails: [] });
    const read = await call(getCaps, PATH, { token, ip: uniqueIp() });
    expect(read.json.data.capabilityAnswers).toEqual([]);
  });
});
