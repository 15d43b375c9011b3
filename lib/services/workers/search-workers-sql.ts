import { coarseDegreesSql, coarseMetersSql } from '@/lib/workers/coarse-position';
import { CANDIDATES } from '@/lib/workers/search-candidates';

// The geo search, one prepared statement in three steps:
// 1. An index-only scan of worker_profiles_geo_idx takes the SCANNED listed workers nearest the centre on the
//    Web-Mercator plane (conformal, so near the centre it orders like the great-circle distance) and reads no
//    table rows, however dense the city. Near the antimeridian a second scan from the centre shifted by 360° runs.
// 2. Of those, the CANDIDATES nearest by haversine distance (SCANNED > CANDIDATES absorbs the projection's
//    distortion) are scored within the radius, and the best `$7` kept.
// 3. Only those `$7` rows are read from the table.
// It replaces a cube/earthdistance GiST index, exact but slow (~10 ms a search at 1M workers: overlapping boxes).
// $1 lat, $2 lng, $3 radius (m), $4 lower-cased skills (text[]), $5 minRating, $6 availableAt, $7 limit.
export const SCANNED = 256;

// Must match the index expression of worker_profiles_geo_idx (db/migrations/0012_worker_geo_point_index.sql)
// token for token, or the planner cannot use the index.
export const mercatorY = (lat: string) => `degrees(ln(tan(radians(45 + least(greatest(${lat}, -89.9), 89.9) / 2))))`;
export const GEO_POINT = `point(w.lng, ${mercatorY('w.lat')})`;

const local = (alias: string) => `($6::timestamptz at time zone ${alias}.time_zone)`;
const minute = (alias: string) => `(extract(hour from ${local(alias)}) * 60 + extract(minute from ${local(alias)}))`;

export const exceptionCoversInstant = (alias: string) => `${alias}.date = ${local(alias)}::date
    and (${alias}.start_minute is null or (${alias}.start_minute <= ${minute(alias)} and ${minute(alias)} < ${alias}.end_minute))`;

export const ruleCoversInstant = (alias: string) => `${alias}.day_of_week = extract(dow from ${local(alias)})
      and ${alias}.start_minute <= ${minute(alias)} and ${minute(alias)} < ${alias}.end_minute`;

const exception = (available: boolean) =>
  `exists (select 1 from worker_availability_exceptions e where e.worker_id = c.id
    and ${available ? '' : 'not '}e.available and ${exceptionCoversInstant('e')})`;

// 0.5 with no schedule at all; an exception on the local date wins over the weekly rules. The coverage quote
// (lib/services/coverage/coverage-sql.ts) decides "available now" by the same rules.
const AVAILABILITY = `case
    when not c.is_available then 0.0
    when ${exception(true)} then 1.0
    when ${exception(false)} then 0.0
    when exists (select 1 from worker_availability_rules r where r.worker_id = c.id
      and ${ruleCoversInstant('r')}) then 1.0
    when exists (select 1 from worker_availability_rules r where r.worker_id = c.id) then 0.0
    else 0.5
  end`;

// One term per requested skill instead of a subquery per row (a subplan costs ~7 µs a candidate): the
// statement text depends on how many skills are asked, so there is one prepared statement per count (0..20).
const skillOverlap = (count: number) => {
  if (count === 0) return '(1.0 + 0 * cardinality($4::text[]))'; // $4 still named, so its type is known
  const terms = Array.from(
    { length: count },
    (_, i) => `coalesce(($4::text[])[${i + 1}] = any(c.lower_skills), false)::int`,
  );
  return `((${terms.join(' + ')})::numeric / ${count})`;
};

// Plain float arithmetic: earth_distance(ll_to_earth(…)) costs tens of microseconds a row. Measured from the
// public position, so neither the distance, the score nor the radius cut-off tells more than that position.
const [LAT, LNG] = [coarseDegreesSql('n.lat'), coarseDegreesSql('n.lng')];
const DISTANCE = coarseMetersSql(`(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(${LAT} - $1::float8) / 2), 2)
    + cos(radians($1::float8)) * cos(radians(${LAT})) * power(sin(radians(${LNG} - $2::float8) / 2), 2))))`);

// A variant without minRating or an instant still names $5 or $6 (so its type is known), in an always-true filter.
const scan = (centreLng: string, side: string, variant: SearchVariant) => `(select w.id, w.lat, w.lng, w.skills,
      w.average_rating, w.verification_tier, w.is_available
    from worker_profiles w
    where w.is_listed and w.lat is not null and w.lng is not null
      and ${variant.minRating ? 'w.average_rating >= $5::numeric' : '$5::numeric is null'}
      and ${variant.atInstant ? '' : '$6::timestamptz is null and '}${side}
    order by ${GEO_POINT} <-> point(${centreLng}, ${mercatorY('$1::float8')})
    limit ${SCANNED})`;

// With 10% to spare (the exact half-width is a little wider); near a pole every longitude is close.
const RADIUS_DEGREES = 'degrees($3::float8 / 6371008.8)';
const NEAR_ANTIMERIDIAN = `(180 - abs($2::float8) < 1.1 * ${RADIUS_DEGREES} / greatest(cos(radians($1::float8)), 0.001)
      or abs($1::float8) + ${RADIUS_DEGREES} > 89)`;

// The direct and the shifted scan are disjoint, so a UNION ALL needs no de-duplication.
const DIRECT = 'abs(w.lng - $2::float8) <= 180';
// In a scalar subquery (an InitPlan) so even a custom plan cannot fold it away: custom and generic plans then
// cost the same, and PostgreSQL settles on the generic one.
const ACROSS = `abs(w.lng - $2::float8) > 180 and (select ${NEAR_ANTIMERIDIAN})`;

export type SearchVariant = { minRating: boolean; atInstant: boolean };

export const searchStatementName = (skillCount: number, variant: SearchVariant) =>
  `search_workers_${skillCount}${variant.minRating ? '_min' : ''}${variant.atInstant ? '_at' : ''}`;

// One prepared statement per variant, so each runs on a generic plan made once per connection: a custom plan
// (~0.7 ms, as long as the search) is made every execution unless the generic one costs no more, and
// `$5 is null or …` or the availability subqueries made the generic plan 3-10 times dearer.
export const searchWorkersSql = (skillCount: number, variant: SearchVariant) => `with nearest as (
  ${scan('$2::float8', DIRECT, variant)}
  union all
  ${scan('$2::float8 - (case when $2::float8 < 0 then -360 else 360 end)', ACROSS, variant)}
), candidates as (
  select n.*, ${DISTANCE} as distance from nearest n order by distance, n.id limit ${CANDIDATES}
), scored as (
  select c.id, c.distance, round((
      0.35 * greatest(0, 1 - c.distance / $3::float8)::numeric
    + 0.25 * ${skillOverlap(skillCount)}
    + 0.2 * coalesce(c.average_rating / 5, 0.6)
    + 0.1 * ${variant.atInstant ? AVAILABILITY : '1.0'}
    + 0.1 * (case when c.verification_tier >= 1 then 1 else 0 end)
  ), 4)::float8 as match_score
  from (select candidates.*, lower(skills::text)::text[] as lower_skills from candidates) c
  where c.distance <= $3::float8
  order by match_score desc, distance, id
  limit $7
)
select w.id, w.user_id, w.display_name, w.headline, w.bio, w.skills, w.skill_details, w.photos,
  w.hourly_rate_cents, w.min_price_cents, w.lat, w.lng, w.city, w.region, w.country, w.default_radius_meters, w.is_listed,
  w.is_available, w.average_rating, w.completed_tasks, w.verification_tier, w.created_at,
  s.distance, s.match_score
from scored s join worker_profiles w on w.id = s.id
order by s.match_score desc, s.distance, s.id`;

// The search over the same CANDIDATES, kept to workers available at `$6` whose own radius covers the point and
// who had fewer than `hourlyCap` new_task_nearby notices in the hour before `$6`.
// $1 lat, $2 lng, $3 the largest radius a worker may set (only the antimeridian test reads it), $4 lower-cased
// required skills (text[]), $5 null (no minRating), $6 now, $7 user ids never to notify (uuid[]), $8 limit.
export const nearbyWorkersSql = (skillCount: number, hourlyCap: number) => `with nearest as (
  ${scan('$2::float8', DIRECT, { minRating: false, atInstant: true })}
  union all
  ${scan('$2::float8 - (case when $2::float8 < 0 then -360 else 360 end)', ACROSS, { minRating: false, atInstant: true })}
), candidates as (
  select n.*, ${DISTANCE} as distance from nearest n order by distance, n.id limit ${CANDIDATES}
), covered as (
  select c.id, c.distance, w.user_id, w.default_radius_meters as reach, c.average_rating, c.verification_tier,
    ${skillOverlap(skillCount)} as overlap, ${AVAILABILITY} as availability
  from (select candidates.*, lower(skills::text)::text[] as lower_skills from candidates) c
  join worker_profiles w on w.id = c.id
  where c.is_available and c.distance <= w.default_radius_meters and w.user_id <> all($7::uuid[])
)
select v.user_id, v.distance, round((
    0.35 * greatest(0, 1 - v.distance / v.reach)::numeric
  + 0.25 * v.overlap
  + 0.2 * coalesce(v.average_rating / 5, 0.6)
  + 0.1 * v.availability
  + 0.1 * (case when v.verification_tier >= 1 then 1 else 0 end)
), 4)::float8 as match_score
from covered v
where v.availability > 0
  and (select count(*) from notifications n where n.user_id = v.user_id and n.kind = 'new_task_nearby'
    and n.created_at > $6::timestamptz - interval '1 hour') < ${hourlyCap}
order by match_score desc, v.distance, v.id
limit $8`;
