import { decodeGazetteer, type GazetteerRow, readGazetteerFile } from './gazetteer-file';
import { haversineMeters } from './haversine';

// The offline gazetteer as an in-memory index (docs/performance.md, "Gazetteer", says why not a table): the
// places in columns (typed arrays and one string per name), their folded names sorted for prefix search, and a
// 3-d tree of their points on the unit sphere for the nearest place. Built once per process, on first use.

/** A place as the API answers it (`GET /v1/geo/places`, `GET /v1/geo/reverse`). */
export type Place = {
  name: string;
  country: string;
  /** GeoNames' admin1 code where it is a letter code (US states "NY", Swiss cantons "ZH", "ENG"); else null. */
  region: string | null;
  lat: number;
  lng: number;
  population: number;
};

export type Gazetteer = {
  size: number;
  /** Places whose name starts with `query` (accents, case and punctuation ignored), best first. */
  search(query: string, options: { limit: number; country?: string | null }): Place[];
  /** The place nearest to a point, with its great-circle distance. */
  nearest(lat: number, lng: number): { place: Place; distanceMeters: number } | null;
};

const LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ı: 'i', þ: 'th' };

/** A name or a query as it is compared: no accents, lower case, words split by single spaces. */
export function foldPlaceName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđıþ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const LETTER_CODE = /^[A-Z]{2,3}$/;
/** The most places one search answers (`GET /v1/geo/places` allows 20). */
const MAX_LIMIT = 20;

/** Builds the index from the file's rows (`decodeGazetteer`, or a test's list). */
export function buildGazetteer({ count, rows }: { count: number; rows: () => Iterable<GazetteerRow> }): Gazetteer {
  const size = count;
  const names: string[] = new Array(size);
  const folded: string[] = new Array(size);
  const countries: string[] = [];
  const countryOf = new Uint16Array(size);
  const regions: (string | null)[] = [null];
  const regionOf = new Uint16Array(size);
  const lats = new Float64Array(size);
  const lngs = new Float64Array(size);
  const populations = new Uint32Array(size);
  const countryIndex = new Map<string, number>();
  const regionIndex = new Map<string, number>();
  let index = 0;
  for (const row of rows()) {
    names[index] = row.name;
    folded[index] = foldPlaceName(row.name);
    let country = countryIndex.get(row.country);
    if (country === undefined) {
      country = countries.push(row.country) - 1;
      countryIndex.set(row.country, country);
    }
    countryOf[index] = country;
    if (LETTER_CODE.test(row.admin1)) {
      let region = regionIndex.get(row.admin1);
      if (region === undefined) {
        region = regions.push(row.admin1) - 1;
        regionIndex.set(row.admin1, region);
      }
      regionOf[index] = region;
    }
    lats[index] = row.lat;
    lngs[index] = row.lng;
    populations[index] = row.population;
    index++;
  }
  const placeAt = (index: number): Place => ({
    name: names[index] as string,
    country: countries[countryOf[index] as number] as string,
    region: regions[regionOf[index] as number] ?? null,
    lat: lats[index] as number,
    lng: lngs[index] as number,
    population: populations[index] as number,
  });

  // Prefix search: place ids sorted by folded name (code-unit order), so one prefix is one contiguous run.
  const byName = Uint32Array.from({ length: size }, (_, index) => index).sort((a, b) => {
    const left = folded[a] as string;
    const right = folded[b] as string;
    return left < right ? -1 : left > right ? 1 : (populations[b] as number) - (populations[a] as number);
  });
  const firstAtOrAfter = (key: string) => {
    let low = 0;
    let high = size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((folded[byName[middle] as number] as string) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  // The runs of one or two letters are the longest (up to 10,000 names): their best are kept once found.
  const SHORT_KEY = 2;
  const shortRuns = new Map<string, number[]>();
  function search(query: string, { limit, country }: { limit: number; country?: string | null }): Place[] {
    const key = foldPlaceName(query);
    if (!key) return [];
    if (!country && key.length <= SHORT_KEY && limit <= MAX_LIMIT) {
      let ids = shortRuns.get(key);
      if (!ids) {
        ids = bestOfRun(key, MAX_LIMIT, undefined);
        shortRuns.set(key, ids);
      }
      return ids.slice(0, limit).map(placeAt);
    }
    const onlyCountry = country ? countryIndex.get(country.toUpperCase()) : undefined;
    if (country && onlyCountry === undefined) return [];
    return bestOfRun(key, limit, onlyCountry).map(placeAt);
  }

  function bestOfRun(key: string, limit: number, onlyCountry: number | undefined): number[] {
    // The best `limit` of the run: exact names first, then by population (kept sorted, small).
    const best: { id: number; exact: boolean; population: number }[] = [];
    const better = (a: (typeof best)[number], b: (typeof best)[number]) =>
      a.exact !== b.exact ? a.exact : a.population > b.population;
    for (let at = firstAtOrAfter(key); at < size; at++) {
      const id = byName[at] as number;
      const name = folded[id] as string;
      if (!name.startsWith(key)) break;
      if (onlyCountry !== undefined && countryOf[id] !== onlyCountry) continue;
      const candidate = { id, exact: name === key, population: populations[id] as number };
      const last = best[best.length - 1];
      if (best.length === limit && last && !better(candidate, last)) continue;
      let place = best.length;
      while (place > 0 && better(candidate, best[place - 1] as (typeof best)[number])) place--;
      best.splice(place, 0, candidate);
      if (best.length > limit) best.pop();
    }
    return best.map((item) => item.id);
  }

  const tree = buildPointTree(lats, lngs);
  const withDistance = (id: number, lat: number, lng: number) => ({
    id,
    meters: haversineMeters(lat, lng, lats[id] as number, lngs[id] as number),
  });
  function nearest(lat: number, lng: number) {
    // The point inside a place's footprint (a disc as large as its population would make it) is that place's,
    // the one it lies deepest in: near the Eiffel Tower is Paris, not the suburb whose centre is a little closer.
    // Outside every footprint, the nearest place.
    let best: { id: number; depth: number } | null = null;
    for (const id of tree.within(lat, lng, FOOTPRINT_SEARCH_METERS)) {
      const { meters } = withDistance(id, lat, lng);
      const depth = meters / footprintMeters(populations[id] as number);
      if (depth <= 1 && (!best || depth < best.depth)) best = { id, depth };
    }
    const id = best?.id ?? tree.nearest(lat, lng);
    if (id === null) return null;
    return { place: placeAt(id), distanceMeters: Math.round(withDistance(id, lat, lng).meters) };
  }

  return { size, search, nearest };
}

/** A place's footprint: the radius of a disc of its population at a city's density, at least a kilometre. */
const footprintMeters = (population: number) => Math.max(1_000, 5 * Math.sqrt(population));
/** The largest footprint there is (Tokyo's, about 30 km), so a point's candidates lie within this. */
const FOOTPRINT_SEARCH_METERS = 40_000;

const RADIANS = Math.PI / 180;
const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * A static k-d tree over the points on the unit sphere (x, y, z): the straight-line distance there grows with
 * the great-circle distance, so the nearest in 3-d is the nearest on Earth, across the poles and the antimeridian.
 * Stored as one permutation of ids, each subtree's median in its middle (like kdbush, in three dimensions).
 */
function buildPointTree(lats: Float64Array, lngs: Float64Array) {
  const size = lats.length;
  const coords = new Float64Array(size * 3);
  const toXyz = (lat: number, lng: number) => {
    const cosLat = Math.cos(lat * RADIANS);
    return [cosLat * Math.cos(lng * RADIANS), cosLat * Math.sin(lng * RADIANS), Math.sin(lat * RADIANS)] as const;
  };
  for (let index = 0; index < size; index++) {
    const [x, y, z] = toXyz(lats[index] as number, lngs[index] as number);
    coords[index * 3] = x;
    coords[index * 3 + 1] = y;
    coords[index * 3 + 2] = z;
  }
  const squaredDistance = (id: number, target: readonly [number, number, number]) => {
    let squared = 0;
    for (let dimension = 0; dimension < 3; dimension++) {
      const delta = (coords[id * 3 + dimension] as number) - (target[dimension] as number);
      squared += delta * delta;
    }
    return squared;
  };
  const ids = Uint32Array.from({ length: size }, (_, index) => index);
  const at = (slot: number, axis: number) => coords[(ids[slot] as number) * 3 + axis] as number;
  const swap = (a: number, b: number) => {
    const kept = ids[a] as number;
    ids[a] = ids[b] as number;
    ids[b] = kept;
  };
  // Quickselect: the k-th smallest of ids[left..right] on `axis` lands at k.
  const select = (k: number, left: number, right: number, axis: number) => {
    while (right > left) {
      const pivot = at(k, axis);
      swap(k, right);
      let store = left;
      for (let slot = left; slot < right; slot++) {
        if (at(slot, axis) < pivot) swap(slot, store++);
      }
      swap(store, right);
      if (store === k) return;
      if (store < k) left = store + 1;
      else right = store - 1;
    }
  };
  const build = (left: number, right: number, axis: number) => {
    if (right <= left) return;
    const middle = (left + right) >>> 1;
    select(middle, left, right, axis);
    build(left, middle - 1, (axis + 1) % 3);
    build(middle + 1, right, (axis + 1) % 3);
  };
  build(0, size - 1, 0);

  function nearest(lat: number, lng: number): number | null {
    if (size === 0) return null;
    const target = toXyz(lat, lng);
    let bestId = ids[0] as number;
    let bestSquared = Number.POSITIVE_INFINITY;
    const visit = (left: number, right: number, axis: number) => {
      if (right < left) return;
      const middle = (left + right) >>> 1;
      const id = ids[middle] as number;
      const squared = squaredDistance(id, target);
      if (squared < bestSquared) {
        bestSquared = squared;
        bestId = id;
      }
      const split = (target[axis] as number) - (coords[id * 3 + axis] as number);
      const next = (axis + 1) % 3;
      const [near, far] =
        split < 0
          ? [
              [left, middle - 1],
              [middle + 1, right],
            ]
          : [
              [middle + 1, right],
              [left, middle - 1],
            ];
      visit(near[0] as number, near[1] as number, next);
      if (split * split < bestSquared) visit(far[0] as number, far[1] as number, next);
    };
    visit(0, size - 1, 0);
    return bestId;
  }
  /** Ids of the points within `meters` (great circle) of a point. */
  function within(lat: number, lng: number, meters: number): number[] {
    const chord = 2 * Math.sin(meters / EARTH_RADIUS_METERS / 2);
    const limit = chord * chord;
    const target = toXyz(lat, lng);
    const found: number[] = [];
    const stack = [0, size - 1, 0];
    while (stack.length > 0) {
      const axis = stack.pop() as number;
      const right = stack.pop() as number;
      const left = stack.pop() as number;
      if (right < left) continue;
      const middle = (left + right) >>> 1;
      const id = ids[middle] as number;
      const squared = squaredDistance(id, target);
      if (squared <= limit) found.push(id);
      const split = (target[axis] as number) - (coords[id * 3 + axis] as number);
      const next = (axis + 1) % 3;
      // The right half's points are not below this one on `axis`, the left half's not above it.
      if (split >= -chord) stack.push(middle + 1, right, next);
      if (split <= chord) stack.push(left, middle - 1, next);
    }
    return found;
  }
  return { nearest, within };
}

// On globalThis: server.ts's API router and Next's bundle each load their own copy of lib/, and one index (~80 MB)
// must serve both the API and the pages' place picker.
const holder = globalThis as typeof globalThis & { __legworkGazetteer?: Promise<Gazetteer> | null };

/**
 * The gazetteer of this process: read and indexed on the first call (about half a second), then the same one.
 * Concurrent first calls share one load; a failed load is retried by the next call.
 */
export function loadGazetteer(): Promise<Gazetteer> {
  holder.__legworkGazetteer ??= readGazetteerFile()
    .then((bytes) => buildGazetteer(decodeGazetteer(bytes)))
    .catch((error: unknown) => {
      holder.__legworkGazetteer = null;
      throw error;
    });
  return holder.__legworkGazetteer;
}
