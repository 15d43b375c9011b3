import { loadGazetteer, type Place } from '@/lib/geo/gazetteer';

const COUNTRY_SUFFIX = /^(.*\S)\s*,\s*([A-Za-z]{2})$/;

export async function searchPlaces({ q, limit }: { q: string; limit: number }): Promise<Place[]> {
  const gazetteer = await loadGazetteer();
  const [, name, country] = COUNTRY_SUFFIX.exec(q) ?? [];
  return name && country ? gazetteer.search(name, { limit, country }) : gazetteer.search(q, { limit });
}
