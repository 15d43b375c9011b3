import { describe, expect, it } from 'vitest';
import { expectRefused, geoGet, PARIS } from '@/test/geo';
import { signUpViaApi } from '@/test/sessions';
import { GET } from './route';

const search = (query: Record<string, string>, token?: string) => geoGet(GET, '/v1/geo/places', query, token);
const named = (res: { json: { data: { name: string; country: string }[] } }) =>
  res.json.data.map((place) => `${place.name}, ${place.country}`);

describe('GET /v1/geo/places', () => {
  it('answers well-known cities first, whole, and cacheable', async () => {
    const res = await search({ q: 'Paris' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.json.data).toHaveLength(10);
    expect(res.json.data[0]).toEqual(PARIS);
    expect(named(res).slice(0, 2)).toEqual(['Paris, FR', 'Paris, US']);
    expect(res.json.data[1]).toMatchObject({ region: 'TX' });
  });

  it('matches the start of a name, ignoring case, accents and punctuation', async () => {
    expect(named(await search({ q: 'new y', limit: '1' }))).toEqual(['New York City, US']);
    expect(named(await search({ q: 'lyo', limit: '3' }))[0]).toBe('Lyon, FR');
    const sao = named(await search({ q: 'sao', limit: '2' }));
    expect(sao).toEqual(['São Paulo, BR', 'São Luís, BR']);
    expect(named(await search({ q: 'SÃO', limit: '2' }))).toEqual(sao);
    expect(named(await search({ q: 'saint etienne', limit: '1' }))).toEqual(['Saint-Étienne, FR']);
    expect(named(await search({ q: 'zurich', limit: '1' }))).toEqual(['Zürich, CH']);
  });

  it('keeps one country with a trailing country code, and answers nothing for no match', async () => {
    const res = await search({ q: 'paris, us', limit: '3' });
    expect(named(res)).toEqual(['Paris, US', 'Paris, US', 'Paris, US']);
    expect(res.json.data.map((place: { region: string }) => place.region)).toEqual(['TX', 'TN', 'KY']);
    expect((await search({ q: 'Atlantisxyz' })).json).toEqual({ data: [] });
    expect((await search({ q: 'Paris, QQ' })).json).toEqual({ data: [] });
  });

  it('takes `limit` from 1 to 20 and a session as well as a key', async () => {
    const person = await signUpViaApi('geo');
    expect((await search({ q: 'san', limit: '20' }, person.token)).json.data).toHaveLength(20);
    expect((await search({ q: 'san', limit: '1' }, person.token)).json.data).toHaveLength(1);
  });

  const cases: [string, Record<string, string>, string][] = [
    ['q missing', {}, 'q'],
    ['q empty', { q: '' }, 'q'],
    ['q only spaces', { q: '   ' }, 'q'],
    ['q over 100 characters', { q: 'a'.repeat(101) }, 'q'],
    ['limit 0', { q: 'paris', limit: '0' }, 'limit'],
    ['limit 21', { q: 'paris', limit: '21' }, 'limit'],
    ['limit not an integer', { q: 'paris', limit: '2.5' }, 'limit'],
  ];
  for (const [name, query, field] of cases) {
    it(`refuses ${name}: 400 VALIDATION_ERROR naming ${field}`, async () => {
      expectRefused(await search(query), field);
    });
  }

  it('accepts q of exactly 100 characters', async () => {
    const res = await search({ q: 'a'.repeat(100) });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });
});
