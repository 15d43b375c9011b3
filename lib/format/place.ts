// How a task's place reads on a page. A `city` place is only a city's centre: a distance to it says nothing about
// where the work is, so it reads "in Berlin" and no distance is shown beside it.

export type PlaceView = { lat: number; lng: number; address: string | null; precision: 'city' | 'address' | 'point' };

/** `120 m` below a kilometre, `3.1 km`, and whole kilometres from 100 km. */
export function formatDistance(meters: number) {
  if (meters < 1_000) return `${Math.round(meters)} m`;
  return `${(meters / 1_000).toFixed(meters < 100_000 ? 1 : 0)} km`;
}

/** The place's name, or its coordinates when it has none. */
export function placeName(place: PlaceView) {
  return place.address ?? `${place.lat.toFixed(4)}, ${place.lng.toFixed(4)}`;
}

export const isCityOnly = (place: PlaceView) => place.precision === 'city';

/** "2.5 km away" for an exact place, "in Berlin" for a city, so no false distance is ever shown. */
export function distanceOrCity(place: PlaceView, meters: number | null, suffix: string) {
  if (isCityOnly(place)) return `in ${placeName(place)}`;
  return meters === null ? null : `${formatDistance(meters)} ${suffix}`;
}

/** OpenStreetMap's route planner with the place as the destination (the worker picks the start). */
export function directionsUrl(place: Pick<PlaceView, 'lat' | 'lng'>) {
  return `https://www.openstreetmap.org/directions?to=${encodeURIComponent(`${place.lat},${place.lng}`)}`;
}
