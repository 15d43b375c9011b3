// GET /v1/services?lat&lng: the located candidates, one prepared statement. A box around the centre (the
// radius in degrees of latitude, widened by 1/cos(lat) in longitude) is matched on services_area_geo_idx, a
// GiST on the area centre's Web-Mercator point (migration 0020: AREA_POINT must match its expression token
// for token); the index includes the columns the filters read, so the box scan reads no table rows for the
// ones it drops. The survivors within the radius by haversine distance (rounded to the metre) come back
// nearest first, ties by id, after the cursor's (distance, id).
//
// $1 lat, $2 lng, $3 radius (m), $4..$7 the box (min lng, min y, max lng, max y), $8 category, $9 the ILIKE
// pattern, $10/$11 the cursor's distance and id, $12 limit + 1.

const mercatorY = (lat: string) => `degrees(ln(tan(radians(45 + least(greatest(${lat}, -89.9), 89.9) / 2))))`;
export const AREA_POINT = `point(s.area_lng, ${mercatorY('s.area_lat')})`;

const DISTANCE = `round(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(s.area_lat - $1::float8) / 2), 2)
    + cos(radians($1::float8)) * cos(radians(s.area_lat)) * power(sin(radians(s.area_lng - $2::float8) / 2), 2))))`;

export const SEARCH_SERVICES_GEO = 'search_services_geo';

export const searchServicesGeoSql = `select c.id, c.distance from (
    select s.id, s.worker_id, ${DISTANCE} as distance
    from services s
    where s.status = 'active' and s.area_lat is not null
      and ${AREA_POINT} <@ box(point($4::float8, $5::float8), point($6::float8, $7::float8))
      and ($8::text is null or s.category = $8::text)
  ) c
  join services s on s.id = c.id
  join worker_profiles w on w.user_id = c.worker_id and w.is_listed
  where c.distance <= $3::float8
    and ($9::text is null or s.title ilike $9::text or s.description ilike $9::text)
    and ($10::float8 is null or (c.distance, c.id) > ($10::float8, $11::uuid))
  order by c.distance, c.id
  limit $12`;

const EARTH_RADIUS_METERS = 6_371_008.8;
const mercator = (lat: number) =>
  (180 / Math.PI) * Math.log(Math.tan((Math.PI / 180) * (45 + Math.min(Math.max(lat, -89.9), 89.9) / 2)));

/**
 * The Mercator box that holds every point within `radiusMeters` of the centre (a radius reaching past ±180° of
 * longitude is cut there: services across the antimeridian are not found).
 */
export function searchBox(lat: number, lng: number, radiusMeters: number): [number, number, number, number] {
  const dLat = (radiusMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const cos = Math.cos((Math.PI / 180) * Math.min(Math.abs(lat) + dLat, 89.9));
  const dLng = Math.min(dLat / Math.max(cos, 1e-6), 180);
  return [lng - dLng, mercator(lat - dLat), lng + dLng, mercator(lat + dLat)];
}
