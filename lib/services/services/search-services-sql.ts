// An ordered scan of services_area_geo_idx (migration 0020: AREA_POINT must match its expression token for token),
// nearest first on the conformal Mercator plane, streams candidates through the filters and stops after `$13`;
// those are sorted by haversine distance and the first `$12` kept. Sorting every service in the box cost ~45 ms
// at 100k services in a dense city; `$13` > `$12` absorbs the projection's distortion, exact but for near-ties
// at the page's edge in wide searches at high latitude.
// $1 lat, $2 lng, $3 radius (m), $4..$7 the box (min lng, min y, max lng, max y), $8 category, $9 the ILIKE
// pattern, $10/$11 the cursor's distance and id, $12 limit + 1, $13 how many candidates to take.

const mercatorY = (lat: string) => `degrees(ln(tan(radians(45 + least(greatest(${lat}, -89.9), 89.9) / 2))))`;
export const AREA_POINT = `point(s.area_lng, ${mercatorY('s.area_lat')})`;

const DISTANCE = `round(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(s.area_lat - $1::float8) / 2), 2)
    + cos(radians($1::float8)) * cos(radians(s.area_lat)) * power(sin(radians(s.area_lng - $2::float8) / 2), 2))))`;

/** Without the text filter the scan is index-only. */
export const searchServicesGeoName = (withText: boolean) => `search_services_geo${withText ? '_q' : ''}`;

export const searchServicesGeoSql = (withText: boolean) => `select c.id, c.distance from (
    select s.id, ${DISTANCE} as distance
    from services s
    join worker_profiles w on w.user_id = s.worker_id and w.is_listed
    where s.status = 'active' and s.area_lat is not null
      and ${AREA_POINT} <@ box(point($4::float8, $5::float8), point($6::float8, $7::float8))
      and ($8::text is null or s.category = $8::text)
      and ${withText ? '(s.title ilike $9::text or s.description ilike $9::text)' : '$9::text is null'}
      and ${DISTANCE} <= $3::float8
      and ($10::float8 is null or (${DISTANCE}, s.id) > ($10::float8, $11::uuid))
    order by ${AREA_POINT} <-> point($2::float8, ${mercatorY('$1::float8')})
    limit $13
  ) c
  order by c.distance, c.id
  limit $12`;

export const candidatesFor = (limit: number) => 4 * (limit + 1) + 32;

const EARTH_RADIUS_METERS = 6_371_008.8;
const mercator = (lat: number) =>
  (180 / Math.PI) * Math.log(Math.tan((Math.PI / 180) * (45 + Math.min(Math.max(lat, -89.9), 89.9) / 2)));

// A radius reaching past ±180° of longitude is cut there: services across the antimeridian are not found.
export function searchBox(lat: number, lng: number, radiusMeters: number): [number, number, number, number] {
  const dLat = (radiusMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const cos = Math.cos((Math.PI / 180) * Math.min(Math.abs(lat) + dLat, 89.9));
  const dLng = Math.min(dLat / Math.max(cos, 1e-6), 180);
  return [lng - dLng, mercator(lat - dLat), lng + dLng, mercator(lat + dLat)];
}
