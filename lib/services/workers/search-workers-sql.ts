import { coarseDegreesSql, coarseMetersSql } from '@/lib/workers/coarse-position';
import { CANDIDATES } from '@/lib/workers/search-candidates';

// GET /v1/workers?lat&lng: the geo search, one prepared statement in three steps.
//
// 1. Candidates: an ordered, index-only scan of worker_profiles_geo_idx (migration 0012) takes the SCANNED
//    listed workers nearest the centre by their Web-Mercator point (GEO_POINT). Mercator is conformal, so
//    near the centre the planar distance orders like the great-circle one; the index also carries every
//    column the score reads, so the scan reads a handful of index pages and no table rows, however dense
//    the city. Near the antimeridian a second scan from the centre shifted by 360° finds the workers on the
//    other side (a one-time filter skips it everywhere else).
// 2. Of those, the CANDIDATES nearest by haversine distance from their public position, rounded to 100 m
//    (DISTANCE) — SCANNED > CANDIDATES absorbs the projection's distortion, so these are the true nearest
//    CANDIDATES but for near-ties at the cut-off (in sparse areas at high latitude, or within the ~1 km the
//    public position may differ from the scanned exact one) — are scored if within the radius, and the best
//    `$7` kept.
// 3. Only those `$7` rows are read from the table (primary key), with just the columns the response shows.
//
// The cube/earthdistance GiST index this replaces was exact but slow: cube's picksplit leaves heavily
// overlapping boxes, so a nearest-neighbour scan in a dense city visited ~150 pages before its first row,
// and each of the 200 candidates then cost a table fetch (~10 ms a search at 1M workers).
//
// $1 lat, $2 lng, $3 radius (m), $4 lower-cased skills (text[]), $5 minRating, $6 availableAt, $7 limit.
export const SCANNED = 256;

// Must match the index expression of worker_profiles_geo_idx (db/migrations/0012_worker_geo_point_index.sql)
// token for token, or the planner cannot use the index.
/** The Mercator ordinate in degrees of a latitude expression (clamped to ±89.9), as both geo indexes key it. */
export const mercatorY = (lat: string) => `degrees(ln(tan(radians(45 + least(greatest(${lat}, -89.9), 89.9) / 2))))`;
export const GEO_POINT = `point(w.lng, ${mercatorY('w.lat')})`;

// The instant in the row's own time zone, and its minute of the local day.
const local = (alias: string) => `($6::timestamptz at time zone ${alias}.time_zone)`;
const minute = (alias: string) => `(extract(hour from ${local(alias)}) * 60 + extract(minute from ${local(alias)}))`;

/** Whether the availability exception row `alias` covers the instant `$6`: its local date, and its window if any. */
export const exceptionCoversInstant = (alias: string) => `${alias}.date = ${local(alias)}::date
    and (${alias}.start_minute is null or (${alias}.start_minute <= ${minute(alias)} and ${minute(alias)} < ${alias}.end_minute))`;

/** Whether the weekly availability rule row `alias` covers the instant `$6`. */
export const ruleCoversInstant = (alias: string) => `${alias}.day_of_week = extract(dow from ${local(alias)})
      and ${alias}.start_minute <= ${minute(alias)} and ${minute(alias)} < ${alias}.end_minute`;

const exception = (available: boolean) =>
  `exists (select 1 from worker_availability_exceptions e where e.worker_id = c.id
    and ${available ? '' : 'not '}e.available and ${exceptionCoversInstant('e')})`;

// 1 available, 0 not, 0.5 with no schedule at all; an exception on the local date wins over the weekly rules.
// (1 when no instant is asked: that variant of the statement does not include this.) The coverage quote
// (lib/services/coverage/coverage-sql.ts) decides "available now" by the same rules, set-wise.
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

// The great-circle distance in plain float arithmetic: earth_distance(ll_to_earth(…)) costs tens of
// microseconds a row (SQL functions and the \`earth\` domain check). It is measured from the worker's public
// position and rounded to 100 m (lib/workers/coarse-position.ts), so neither `distanceMeters`, nor the score,
// nor the radius cut-off tells a caller more than that position.
const [LAT, LNG] = [coarseDegreesSql('n.lat'), coarseDegreesSql('n.lng')];
const DISTANCE = coarseMetersSql(`(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(${LAT} - $1::float8) / 2), 2)
    + cos(radians($1::float8)) * cos(radians(${LAT})) * power(sin(radians(${LNG} - $2::float8) / 2), 2))))`);

// The SCANNED nearest listed workers to (centreLng, $1) on the Mercator plane, from the index alone, among
// those `side` keeps. A variant without minRating or without an instant still names $5 or $6 (so its type is
// known), in a one-time filter that is always true there.
const scan = (centreLng: string, side: string, variant: SearchVariant) => `(select w.id, w.lat, w.lng, w.skills,
      w.average_rating, w.verification_tier, w.is_available
    from worker_profiles w
    where w.is_listed and w.lat is not null and w.lng is not null
      and ${variant.minRating ? 'w.average_rating >= $5::numeric' : '$5::numeric is null'}
      and ${variant.atInstant ? '' : '$6::timestamptz is null and '}${side}
    order by ${GEO_POINT} <-> point(${centreLng}, ${mercatorY('$1::float8')})
    limit ${SCANNED})`;

// Whether the radius may reach past ±180° of longitude: its half-width in degrees of longitude at the
// centre's latitude (with 10% to spare: the exact half-width is a little wider), or the circle comes
// within 1° of a pole, where every longitude is close. Only parameters: a one-time filter.
const RADIUS_DEGREES = 'degrees($3::float8 / 6371008.8)';
const NEAR_ANTIMERIDIAN = `(180 - abs($2::float8) < 1.1 * ${RADIUS_DEGREES} / greatest(cos(radians($1::float8)), 0.001)
      or abs($1::float8) + ${RADIUS_DEGREES} > 89)`;

// Each worker is reached either directly (less than 180° of longitude away: the plain scan) or across the
// antimeridian (the scan from the centre shifted by 360°, only when the radius can reach there). The two
// sets are disjoint, so a UNION ALL needs no de-duplication. Those that the plain scan leaves out when the
// shifted one does not run are farther than the radius.
const DIRECT = 'abs(w.lng - $2::float8) <= 180';
// The test sits in a scalar subquery (an InitPlan) so that even a custom plan cannot fold it away: the
// custom and the generic plan then cost the same, and PostgreSQL settles on the generic one (see below).
const ACROSS = `abs(w.lng - $2::float8) > 180 and (select ${NEAR_ANTIMERIDIAN})`;

/** Which optional parts a search has: `minRating` ($5) and `availableAt` ($6). */
export type SearchVariant = { minRating: boolean; atInstant: boolean };

/** The prepared statement's name for a variant (one per skill count and optional part). */
export const searchStatementName = (skillCount: number, variant: SearchVariant) =>
  `search_workers_${skillCount}${variant.minRating ? '_min' : ''}${variant.atInstant ? '_at' : ''}`;

/**
 * The search statement for `skillCount` requested skills (lower-cased and distinct, as the query schema leaves
 * them) and the optional parts in `variant`. One prepared statement per variant, so each can run on a plan
 * made once per connection: PostgreSQL plans a prepared statement afresh for every execution (a "custom
 * plan", ~0.7 ms here, about as long as the search itself) unless the generic plan's estimated cost is no
 * higher than the custom ones'. `$5 is null or rating >= $5` made the generic plan expect to scan three
 * times the index entries, and the availability subqueries made it ~10 times dearer, where a custom plan
 * folds both away; as separate variants, with the antimeridian test out of the folder's reach, generic and
 * custom cost the same and PostgreSQL keeps the generic plan.
 */
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
  w.hourly_rate_cents, w.lat, w.lng, w.city, w.region, w.country, w.default_radius_meters, w.is_listed,
  w.is_available, w.average_rating, w.completed_tasks, w.verification_tier, w.created_at,
  s.distance, s.match_score
from scored s join worker_profiles w on w.id = s.id
order by s.match_score desc, s.distance, s.id`;

/**
 * "New task near you" (lib/services/notifications/notify-nearby-workers.ts): the worker search from the task's
 * location, over the same CANDIDATES nearest listed workers, kept to those who take tasks (`is_available`), are
 * available at `$6` (now: their schedule does not say otherwise; no schedule counts, as 0.5) and whose own
 * `default_radius_meters` covers the point, and who have had fewer than `hourlyCap` new_task_nearby notices in
 * the hour before `$6`. The score is the search's, with each worker's own radius as the search radius.
 *
 * $1 lat, $2 lng, $3 the largest radius a worker may set (m; only the antimeridian test reads it), $4 lower-cased
 * required skills (text[]), $5 null (no minRating), $6 now, $7 user ids never to notify (uuid[]), $8 limit.
 */
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
