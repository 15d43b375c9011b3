import { describe, expect, it } from 'vitest';
import { COVERAGE_STATEMENT } from '@/lib/services/coverage/coverage-sql';
import { quoteKey } from '@/test/coverage';
import { validationEnvelope, withQueryLog } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { GET } from './route';

describe('GET /v1/geo/coverage: bad input is 400 VALIDATION_ERROR, and no quote is computed', () => {
  const cases: [string, Record<string, string>, { path: string[]; message?: string }][] = [
    ['lat 91', { lat: '91', lng: '0' }, { path: ['lat'], message: 'Must be between -90 and 90' }],
    ['lat -90.5', { lat: '-90.5', lng: '0' }, { path: ['lat'], message: 'Must be between -90 and 90' }],
    ['lng -181', { lat: '0', lng: '-181' }, { path: ['lng'], message: 'Must be between -180 and 180' }],
    ['lng 180.5', { lat: '0', lng: '180.5' }, { path: ['lng'], message: 'Must be between -180 and 180' }],
    ['lat missing', { lng: '0' }, { path: ['lat'] }],
    ['lng not a number', { lat: '0', lng: 'east' }, { path: ['lng'] }],
    ['radius 0', { lat: '0', lng: '0', radiusMeters: '0' }, { path: ['radiusMeters'] }],
    ['radius over 200 km', { lat: '0', lng: '0', radiusMeters: '200001' }, { path: ['radiusMeters'] }],
    ['radius not whole', { lat: '0', lng: '0', radiusMeters: '1.5' }, { path: ['radiusMeters'] }],
    [
      'an unknown skill',
      { lat: '0', lng: '0', skills: 'delivery,juggling' },
      { path: ['skills'], message: 'Unknown skill: juggling' },
    ],
    [
      'unknown skills',
      { lat: '0', lng: '0', skills: 'Juggling, car, fire eating' },
      { path: ['skills'], message: 'Unknown skills: juggling, fire eating' },
    ],
    ['an unknown category', { lat: '0', lng: '0', category: 'juggling' }, { path: ['category'] }],
  ];

  for (const [name, query, issue] of cases) {
    it(name, async () => {
      const token = await quoteKey();
      const { res, names } = await withQueryLog(async (names) => ({
        res: await call(GET, '/v1/geo/coverage', { token, ip: uniqueIp(), query }),
        names,
      }));
      expect(res.status).toBe(400);
      expect(res.json.error.issues).toContainEqual(expect.objectContaining(issue));
      expect(res.json).toEqual(validationEnvelope(res.json.error.issues));
      expect(names).not.toContain(COVERAGE_STATEMENT);
    });
  }

  it('accepts the bounds themselves, at the poles and the antimeridian', async () => {
    const token = await quoteKey();
    const queries: Record<string, string>[] = [
      { lat: '90', lng: '180', radiusMeters: '200000', skills: 'photography,drone', category: 'photography' },
      { lat: '-90', lng: '-180', radiusMeters: '1' },
      { lat: '89.95', lng: '0', radiusMeters: '200000' },
      { lat: '0', lng: '0', skills: '' },
    ];
    for (const query of queries) {
      const { res, names } = await withQueryLog(async (names) => ({
        res: await call(GET, '/v1/geo/coverage', { token, ip: uniqueIp(), query }),
        names,
      }));
      expect(res.status, res.text).toBe(200);
      expect(names).toContain(COVERAGE_STATEMENT); // so the refusals above prove something
    }
  });
});
