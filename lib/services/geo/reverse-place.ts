import { loadGazetteer, type Place } from '@/lib/geo/gazetteer';

export async function reversePlace({
  lat,
  lng,
}: {
  lat: number;
  lng: number;
}): Promise<Place & { distanceMeters: number }> {
  const gazetteer = await loadGazetteer();
  const found = gazetteer.nearest(lat, lng);
  // The bundled file has 135,000 places: an empty gazetteer is a broken install, not a client's mistake.
  if (!found) throw new Error('the gazetteer is empty');
  return { ...found.place, distanceMeters: found.distanceMeters };
}
