import { describe, expect, it } from 'vitest';
import { expectRefused, geoGet, PARIS } from '@/test/geo';
import { GET } from './route';

const lookUp = (query: Record<string, string>) => geoGet(GET, '/v1/geo/reverse', query);

describe('GET /v1/geo/reverse', () => {
  it('answers the city a point lies in: near the Eiffel Tower is Paris', async () => {
    const res = await lookUp({ lat: '48.8584', lng: '2.2945' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.json.data).toEqual({ ...PARIS, distanceMeters: 4_011 });
    expect((await lookUp({ lat: '45.76', lng: '4.84' })).json.data).toMatchObject({ name: 'Lyon', country: 'FR' });
    expect((await lookUp({ lat: '40.7484', lng: '-73.9857' })).json.data).toMatchObject({ name: 'New York City' });
  });

  it('answers the nearest place, however far, from the middle of an ocean and at the poles', async () => {
    const ocean = await lookUp({ lat: '0', lng: '-140' });
    expect(ocean.json.data).toMatchObject({ name: 'Taiohae', country: 'PF', distanceMeters: 990_913 });
    expect((await lookUp({ lat: '90', lng: '180' })).json.data).toMatchObject({ name: 'Longyearbyen' });
    expect((await lookUp({ lat: '-90', lng: '-180' })).json.data).toMatchObject({ country: 'AQ' });
    // Across the antimeridian: Fiji's Taveuni side is nearer than anything at longitude 179 west.
    expect((await lookUp({ lat: '-16.8', lng: '-179.99' })).json.data.country).toBe('FJ');
  });

  const cases: [string, Record<string, string>, string][] = [
    ['lat above 90', { lat: '90.01', lng: '0' }, 'lat'],
    ['lat below -90', { lat: '-91', lng: '0' }, 'lat'],
    ['lng above 180', { lat: '0', lng: '180.5' }, 'lng'],
    ['lng below -180', { lat: '0', lng: '-181' }, 'lng'],
    ['lat not a number', { lat: 'north', lng: '0' }, 'lat'],
    ['lng missing', { lat: '0' }, 'lng'],
  ];
  for (const [name, query, field] of cases) {
    it(`refuses ${name}: 400 VALIDATION_ERROR naming ${field}`, async () => {
      expectRefused(await lookUp(query), field);
    });
  }
});
