import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { validationEnvelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { GET } from './route';

async function agentKey() {
  const { db } = await getDatabase();
  const user = await insertUser(db, { type: 'agent', email: null });
  return (await insertApiKey(db, { userId: user.id, scopes: ['workers:read'] })).key;
}

describe('GET /v1/workers: invalid queries are 400 VALIDATION_ERROR with issues', () => {
  const cases: [string, Record<string, string>, { path: string[]; message?: string }][] = [
    ['lat without lng', { lat: '10' }, { path: ['lng'], message: '`lat` and `lng` go together' }],
    ['lng without lat', { lng: '10' }, { path: ['lat'], message: '`lat` and `lng` go together' }],
    ['lat above 90', { lat: '90.5', lng: '0' }, { path: ['lat'] }],
    ['lat below -90', { lat: '-91', lng: '0' }, { path: ['lat'] }],
    ['lng above 180', { lat: '0', lng: '180.01' }, { path: ['lng'] }],
    ['lng below -180', { lat: '0', lng: '-181' }, { path: ['lng'] }],
    ['lat not a number', { lat: 'north', lng: '0' }, { path: ['lat'] }],
    ['radius 0', { lat: '0', lng: '0', radiusMeters: '0' }, { path: ['radiusMeters'] }],
    ['radius over 200 km', { lat: '0', lng: '0', radiusMeters: '200001' }, { path: ['radiusMeters'] }],
    ['radius not an integer', { lat: '0', lng: '0', radiusMeters: '10.5' }, { path: ['radiusMeters'] }],
    ['minRating over 5', { lat: '0', lng: '0', minRating: '5.1' }, { path: ['minRating'] }],
    ['minRating below 0', { lat: '0', lng: '0', minRating: '-1' }, { path: ['minRating'] }],
    ['availableAt not a timestamp', { lat: '0', lng: '0', availableAt: 'tomorrow' }, { path: ['availableAt'] }],
    [
      'availableAt an impossible date',
      { lat: '0', lng: '0', availableAt: '2030-02-30T10:00:00Z' },
      { path: ['availableAt'] },
    ],
    ['limit 0', { lat: '0', lng: '0', limit: '0' }, { path: ['limit'] }],
    ['limit 101', { limit: '101' }, { path: ['limit'] }],
    ['a bad cursor', { cursor: 'not-a-cursor' }, { path: ['cursor'], message: 'Invalid cursor' }],
    [
      '21 skills',
      { lat: '0', lng: '0', skills: Array.from({ length: 21 }, (_, i) => `s${i}`).join(',') },
      { path: ['skills'], message: 'At most 20 skills' },
    ],
  ];

  for (const [name, query, issue] of cases) {
    it(name, async () => {
      const res = await call(GET, '/v1/workers', { token: await agentKey(), ip: uniqueIp(), query });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(res.json.error.issues).toContainEqual(expect.objectContaining(issue));
      const issues = res.json.error.issues.map((found: { path: string[]; message: string }) => found);
      expect(res.json).toEqual(validationEnvelope(issues));
    });
  }

  it('accepts the bounds themselves', async () => {
    const token = await agentKey();
    const queries: Record<string, string>[] = [
      { lat: '90', lng: '180', radiusMeters: '200000', minRating: '5', limit: '100' },
      { lat: '-90', lng: '-180', radiusMeters: '1', minRating: '0', limit: '1' },
      { lat: '0', lng: '0', availableAt: '2030-01-06T21:00:00+13:00', skills: '' },
    ];
    for (const query of queries) {
      const res = await call(GET, '/v1/workers', { token, ip: uniqueIp(), query });
      expect(res.status, res.text).toBe(200);
    }
  });
});
