import { describe, expect, it } from 'vitest';
import { buildGazetteer, foldPlaceName, loadGazetteer } from './gazetteer';
import type { GazetteerRow } from './gazetteer-file';
import { haversineMeters } from './haversine';

const RADIANS = Math.PI / 180;

const row = (
  name: string,
  country: string,
  population: number,
  lat: number,
  lng: number,
  admin1 = '',
): GazetteerRow => ({
  name,
  country,
  admin1,
  population,
  lat,
  lng,
});

const ROWS = [
  row('Lyons', 'US', 10_722, 41.81, -87.82, 'IL'),
  row('Lyon', 'FR', 472_317, 45.74846, 4.84671, '84'),
  row('Lyozna', 'BY', 6_600, 55.03, 30.8),
  row('Saint-Étienne', 'FR', 176_280, 45.43, 4.39),
  row('Paris', 'US', 24_782, 33.66, -95.55, 'TX'),
  row('Paris', 'FR', 2_138_551, 48.85341, 2.3488),
  row('Neuilly-sur-Seine', 'FR', 60_000, 48.8846, 2.26965),
  row('Suva', 'FJ', 77_366, -18.14, 178.44),
  row('Apia', 'WS', 40_407, -13.83, -171.76),
];
const small = () => buildGazetteer({ count: ROWS.length, rows: () => ROWS });

describe('foldPlaceName', () => {
  it('drops accents, case and punctuation', () => {
    expect(foldPlaceName('  Saint-Étienne ')).toBe('saint etienne');
    expect(foldPlaceName('SÃO Paulo')).toBe('sao paulo');
    expect(foldPlaceName('København')).toBe('kobenhavn');
    expect(foldPlaceName('Łódź')).toBe('lodz');
    expect(foldPlaceName("L'Haÿ-les-Roses")).toBe('l hay les roses');
  });
});

describe('the gazetteer index', () => {
  it('finds by prefix: an exact name first, then by population, up to the limit', () => {
    const gazetteer = small();
    expect(gazetteer.search('lyo', { limit: 5 }).map((place) => place.name)).toEqual(['Lyon', 'Lyons', 'Lyozna']);
    expect(gazetteer.search('LYONS', { limit: 5 }).map((place) => place.name)).toEqual(['Lyons']);
    expect(gazetteer.search('lyo', { limit: 1 }).map((place) => place.name)).toEqual(['Lyon']);
    expect(gazetteer.search('saint e', { limit: 5 })).toEqual([
      { name: 'Saint-Étienne', country: 'FR', region: null, lat: 45.43, lng: 4.39, population: 176_280 },
    ]);
    expect(gazetteer.search('   ', { limit: 5 })).toEqual([]);
    expect(gazetteer.search('zzz', { limit: 5 })).toEqual([]);
  });

  it('keeps a letter admin1 code as the region, filters by country', () => {
    const gazetteer = small();
    expect(gazetteer.search('paris', { limit: 5 }).map((place) => [place.country, place.region])).toEqual([
      ['FR', null],
      ['US', 'TX'],
    ]);
    expect(gazetteer.search('paris', { limit: 5, country: 'us' }).map((place) => place.country)).toEqual(['US']);
    expect(gazetteer.search('paris', { limit: 5, country: 'QQ' })).toEqual([]);
  });

  it('answers the place whose footprint holds a point, else the nearest, across the antimeridian', () => {
    const gazetteer = small();
    // Neuilly's centre is nearer to the Eiffel Tower than Paris's, but the tower stands in Paris.
    expect(gazetteer.nearest(48.8584, 2.2945)?.place.name).toBe('Paris');
    expect(gazetteer.nearest(48.8846, 2.26965)?.place.name).toBe('Neuilly-sur-Seine');
    // Far from everything: the nearest, with its distance.
    expect(gazetteer.nearest(-17, -179.9)).toEqual({
      place: expect.objectContaining({ name: 'Suva' }),
      distanceMeters: expect.any(Number),
    });
    expect(buildGazetteer({ count: 0, rows: () => [] }).nearest(0, 0)).toBeNull();
  });

  it('finds the same place as a scan of every place, anywhere on Earth', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const point = (): [number, number] => [Math.asin(2 * random() - 1) / RADIANS, random() * 360 - 180];
    const rows = Array.from({ length: 2_000 }, (_, index) => {
      const [lat, lng] = point();
      return row(`p${index}`, 'XX', Math.floor(random() * 3_000_000), lat, lng);
    });
    const gazetteer = buildGazetteer({ count: rows.length, rows: () => rows });
    for (let probe = 0; probe < 300; probe++) {
      const [lat, lng] =
        probe < 4
          ? ([
              [90, 0],
              [-90, 0],
              [0, 180],
              [0, -180],
            ][probe] as [number, number])
          : point();
      const scored = rows.map((place) => {
        const meters = haversineMeters(lat, lng, place.lat, place.lng);
        return { place, meters, depth: meters / Math.max(1_000, 5 * Math.sqrt(place.population)) };
      });
      const inside = scored.filter((item) => item.depth <= 1).sort((a, b) => a.depth - b.depth)[0];
      const expected = inside ?? scored.sort((a, b) => a.meters - b.meters)[0];
      expect(gazetteer.nearest(lat, lng)?.place.name).toBe(expected?.place.name);
    }
  });

  it('loads the bundled file once, however many ask at once', async () => {
    const [first, second] = await Promise.all([loadGazetteer(), loadGazetteer()]);
    expect(first).toBe(second);
    expect(first.size).toBeGreaterThan(130_000);
  });
});
