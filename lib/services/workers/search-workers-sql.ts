// GET /v1/workers?lat&lng: the geo search. The nearest CANDIDATES listed workers come from an ordered scan
// of the GiST index worker_profiles_earth_idx (`<->` on cube is the chord distance, which orders like the
// great-circle one), which stops after CANDIDATES rows however dense the city; those within the radius are
// scored and the best `$7` kept. An `earth_box @>` condition is deliberately left out: with it the planner
// switches to a bitmap scan of the whole box and sorts it (18,000 rows for 10 km of a dense city at 100k
// workers, ~300 ms), and the radius filter on the candidates gives the same answer.
// $1 lat, $2 lng, $3 radius (m), $4 lower-cased skills (text[]), $5 minRating, $6 availableAt, $7 limit.
export const CANDIDATES = 200;

// The instant in the row's own time zone, and its minute of the local day.
const local = (alias: string) => `($6::timestamptz at time zone ${alias}.time_zone)`;
const minute = (alias: string) => `(extract(hour from ${local(alias)}) * 60 + extract(minute from ${local(alias)}))`;
const exception = (available: boolean) =>
  `exists (select 1 from worker_availability_exceptions e where e.worker_id = c.id
    and ${available ? '' : 'not '}e.available and e.date = ${local('e')}::date
    and (e.start_minute is null or (e.start_minute <= ${minute('e')} and ${minute('e')} < e.end_minute)))`;

// 1 available, 0 not, 0.5 with no schedule at all; an exception on the local date wins over the weekly rules.
const AVAILABILITY = `case
    when $6::timestamptz is null then 1.0
    when not c.is_available then 0.0
    when ${exception(true)} then 1.0
    when ${exception(false)} then 0.0
    when exists (select 1 from worker_availability_rules r where r.worker_id = c.id
      and r.day_of_week = extract(dow from ${local('r')})
      and r.start_minute <= ${minute('r')} and ${minute('r')} < r.end_minute) then 1.0
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
// microseconds a row (SQL functions and the \`earth\` domain check), several times the whole index scan.
const HAVERSINE = `(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(n.lat - $1::float8) / 2), 2)
    + cos(radians($1::float8)) * cos(radians(n.lat)) * power(sin(radians(n.lng - $2::float8) / 2), 2))))`;

/** The search statement for `skillCount` requested skills (lower-cased and distinct, as the query schema leaves them). */
export const searchWorkersSql = (skillCount: number) => `with nearest as (
  select w.*
  from worker_profiles w
  where w.is_listed and w.lat is not null and w.lng is not null
    and ($5::numeric is null or w.average_rating >= $5::numeric)
  order by ll_to_earth(w.lat, w.lng) <-> ll_to_earth($1::float8, $2::float8)
  limit ${CANDIDATES}
), candidates as materialized (
  select n.*, ${HAVERSINE} as distance, lower(n.skills::text)::text[] as lower_skills from nearest n
), scored as (
  select c.*, round((
      0.35 * greatest(0, 1 - c.distance / $3::float8)::numeric
    + 0.25 * ${skillOverlap(skillCount)}
    + 0.2 * coalesce(c.average_rating / 5, 0.6)
    + 0.1 * ${AVAILABILITY}
    + 0.1 * (case when c.verification_tier >= 1 then 1 else 0 end)
  ), 4)::float8 as match_score
  from candidates c
  where c.distance <= $3::float8
)
select * from scored order by match_score desc, distance, id limit $7`;
