import { COVERAGE_SAMPLE_CAP, COVERAGE_WORKER_CAP } from '@/lib/schemas/coverage';
import { coarseDegreesSql } from '@/lib/workers/coarse-position';
import { exceptionCoversInstant, GEO_POINT, mercatorY, ruleCoversInstant } from '../workers/search-workers-sql';

// One prepared statement, two aggregates from two GiST indexes, each bounded by the neighbourhood and by a cap,
// never by the size of the table. Workers: an index-only scan of worker_profiles_geo_idx inside the Mercator box,
// at most COVERAGE_WORKER_CAP rows; availability is decided set-wise (`= any`), not three subqueries per worker.
// Tasks: tasks_coverage_idx (migration 0021), the COVERAGE_SAMPLE_CAP nearest, index only.
// $1 lat, $2 lng, $3 radius (m), $4 lower-cased skills (text[]), $5 category or null, $6 now, $7 since.

const EARTH_RADIUS_M = 6371008.8;
// Must match tasks_coverage_idx (db/migrations/0021_coverage_index.sql) token for token.
export const TASK_GEO_POINT = `point(t.lng, ${mercatorY('t.lat')})`;

// Plus 0.01°: a public position may be up to 0.005° from the exact one the index holds.
const SPAN = `(degrees($3::float8 / ${EARTH_RADIUS_M}) + 0.01)`;
const HALF_WIDTH = `(case when abs($1::float8) + ${SPAN} >= 89.9 then 180.0
    else degrees(asin(least(1.0, sin(radians(${SPAN})) / cos(radians($1::float8))))) + 0.01 end)`;
// The ±360° boxes hold what the circle reaches across the antimeridian. The box, centre, time and category sit
// in InitPlans so a custom plan cannot fold them into constants; otherwise PostgreSQL planned every execution
// afresh (~2 ms each, a tenth of the budget) instead of keeping the generic plan.
const box = (shift: number) => `(select box(
      point($2::float8 - ${HALF_WIDTH} + ${shift}, ${mercatorY(`$1::float8 - ${SPAN}`)}),
      point($2::float8 + ${HALF_WIDTH} + ${shift}, ${mercatorY(`$1::float8 + ${SPAN}`)})))`;
const centre = (shift: number) => `(select point($2::float8 + ${shift}, ${mercatorY('$1::float8')}))`;

const haversine = (lat: string, lng: string) => `(2 * ${EARTH_RADIUS_M} * asin(sqrt(
    power(sin(radians(${lat} - $1::float8) / 2), 2)
    + cos(radians($1::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - $2::float8) / 2), 2))))`;

const SHIFTS = [0, 360, -360];
const CATEGORY = `((select $5::text) is null or t.category = (select $5::text))`;

const workerScan = (shift: number) => `(select w.id, w.lat, w.lng, w.skills, w.is_available
    from worker_profiles w
    where w.is_listed and w.lat is not null and w.lng is not null and ${GEO_POINT} <@ ${box(shift)}
    order by ${GEO_POINT} <-> ${centre(shift)}
    limit ${COVERAGE_WORKER_CAP})`;

const taskScan = (shift: number) => `(select t.lat, t.lng, t.published_at, t.accepted_at, t.status, t.budget_cents
    from tasks t
    where t.lat is not null and t.lng is not null and t.published_at is not null and t.accepted_at is not null
      and t.service_id is null and ${TASK_GEO_POINT} <@ ${box(shift)}
      and t.published_at >= (select $7::timestamptz) and ${CATEGORY}
    order by ${TASK_GEO_POINT} <-> ${centre(shift)}
    limit ${COVERAGE_SAMPLE_CAP})`;

export const COVERAGE_STATEMENT = 'geo_coverage';

export const coverageSql = `with near_workers as (
  ${SHIFTS.map(workerScan).join('\n  union all\n  ')}
), counted as (
  select c.id, c.is_available, c.skills
  from (select n.*, ${haversine(coarseDegreesSql('n.lat'), coarseDegreesSql('n.lng'))} as distance
    from near_workers n) c
  where c.distance <= $3::float8
  order by c.distance, c.id
  limit ${COVERAGE_WORKER_CAP}
), rules as (
  select r.worker_id, bool_or(${ruleCoversInstant('r')}) as covers
  from worker_availability_rules r where r.worker_id = any(array(select c.id from counted c where c.is_available))
  group by r.worker_id
), exceptions as (
  select e.worker_id, bool_or(e.available) as working, bool_or(not e.available) as away
  from worker_availability_exceptions e
  where e.worker_id = any(array(select c.id from counted c where c.is_available))
    -- the local date is within a day of UTC's: an index range before the per-row zone arithmetic
    and e.date between ($6::timestamptz at time zone 'UTC')::date - 1 and ($6::timestamptz at time zone 'UTC')::date + 1
    and ${exceptionCoversInstant('e')}
  group by e.worker_id
), workers as (
  select count(*)::int as listed,
    count(*) filter (where c.is_available and (coalesce(x.working, false)
      or (not coalesce(x.away, false) and coalesce(r.covers, true))))::int as available,
    count(*) filter (where coalesce(lower(c.skills::text)::text[], array[]::text[]) @> $4::text[])::int as skilled
  from counted c
  left join rules r on r.worker_id = c.id
  left join exceptions x on x.worker_id = c.id
), near_tasks as (
  ${SHIFTS.map(taskScan).join('\n  union all\n  ')}
), sample as (
  select s.* from (select n.*, ${haversine('n.lat', 'n.lng')} as distance from near_tasks n) s
  where s.distance <= $3::float8
  order by s.distance
  limit ${COVERAGE_SAMPLE_CAP}
), history as (
  select count(*)::int as sample_size,
    count(*) filter (where s.status = 'completed')::int as completed,
    percentile_cont(0.5) within group (order by extract(epoch from s.accepted_at - s.published_at) / 60)
      as median_minutes,
    percentile_cont(0.8) within group (order by extract(epoch from s.accepted_at - s.published_at) / 60)
      as p80_minutes,
    percentile_cont(0.5) within group (order by s.budget_cents) filter (where s.status = 'completed')
      as median_budget
  from sample s
)
select w.listed, w.available, w.skilled, h.sample_size, h.completed, h.median_minutes, h.p80_minutes,
  h.median_budget
from workers w, history h`;
