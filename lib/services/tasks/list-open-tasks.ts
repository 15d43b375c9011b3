import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import { tasks, workerProfiles } from '@/db/schema';
import { callerLivemode } from '@/lib/payments/get-processor';
import { toTaskResource } from './to-task-resource';

const SKILL_WEIGHT = 0.6;
const DISTANCE_WEIGHT = 0.4;
/** A remote task is as close as a task halfway to the edge of the worker's radius. */
const REMOTE_CLOSENESS = 0.5;
/** A task that asks for no skill counts as a half match (one that asks for the worker's skills ranks above it). */
const NO_SKILLS_OVERLAP = 0.5;
const METERS_PER_DEGREE_LAT = 111_320;

export type OpenTask = ReturnType<typeof toTaskResource> & {
  /** Meters from the worker's location; null for a remote task. */
  distanceMeters: number | null;
  /** The worker's skills among the task's required ones (case-insensitive). */
  matchedSkills: string[];
  matchScore: number;
};

export type OpenTaskOptions = {
  limit: number;
  /** Rows to skip, for the next page (the ranking is a score, not a keyset). */
  offset?: number;
  livemode?: boolean;
  /** Only located tasks within this many meters (at most the profile's radius); remote tasks stay. */
  maxDistanceMeters?: number;
  category?: string;
  minBudgetCents?: number;
};

export type OpenTasks = { listed: boolean; hasLocation: boolean; radiusMeters: number | null; data: OpenTask[] };

type RankedRow = { id: string; distance_meters: number | null; matched_skills: string[]; match_score: number };

// Never the worker's own requests (nor their agents'), nor a budget below their `minPriceCents` (an offer may reach it). An unlisted worker sees none, and a live worker never
// sees test-mode tasks.
export async function listOpenTasks(db: Executor, userId: string, options: OpenTaskOptions): Promise<OpenTasks> {
  const livemode = options.livemode ?? callerLivemode();
  const [profile] = await db
    .select({
      isListed: workerProfiles.isListed,
      lat: workerProfiles.lat,
      lng: workerProfiles.lng,
      skills: workerProfiles.skills,
      radius: workerProfiles.defaultRadiusMeters,
      minPriceCents: workerProfiles.minPriceCents,
    })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, userId));
  if (!profile?.isListed) return { listed: false, hasLocation: false, radiusMeters: null, data: [] };

  const located = profile.lat !== null && profile.lng !== null;
  const radius = Math.min(profile.radius, options.maxDistanceMeters ?? profile.radius);
  const skills = (profile.skills ?? []).map((skill) => skill.toLowerCase());
  const skillsArray = `{${skills.map((skill) => `"${skill.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

  const distance =
    located && profile.lat !== null && profile.lng !== null
      ? sql`(2 * 6371008.8 * asin(least(1, sqrt(
          power(sin(radians(t.lat - ${profile.lat}::float8) / 2), 2)
          + cos(radians(${profile.lat}::float8)) * cos(radians(t.lat)) * power(sin(radians(t.lng - ${profile.lng}::float8) / 2), 2)))))`
      : sql`null::float8`;
  const where =
    located && profile.lat !== null && profile.lng !== null
      ? nearby({ lat: profile.lat, lng: profile.lng, radiusMeters: radius })
      : sql`false`;

  const ranked = await execute<RankedRow>(
    db,
    sql`
    select id, distance_meters, matched_skills, match_score from (
      select c.id, c.distance_meters, c.matched_skills, c.deadline,
        ${SKILL_WEIGHT}::float8 * (case when c.required_count = 0 then ${NO_SKILLS_OVERLAP}::float8
             else cardinality(c.matched_skills)::float8 / c.required_count end)
        + ${DISTANCE_WEIGHT}::float8 * (case when c.distance_meters is null then ${REMOTE_CLOSENESS}::float8
             else greatest(0, 1 - c.distance_meters / ${Math.max(1, profile.radius)}::float8) end) as match_score
      from (
        select t.id, t.deadline,
          case when t.lat is null then null else ${distance} end as distance_meters,
          cardinality(t.required_skills) as required_count,
          array(select s from unnest(t.required_skills) s where lower(s) = any(${skillsArray}::text[])) as matched_skills
        from tasks t
        where t.status = 'posted' and t.deadline > now() and t.livemode = ${livemode}
          and t.requester_id <> ${userId}
          and not exists (select 1 from users r where r.id = t.requester_id and r.owner_id = ${userId})
          and (t.lat is null or (${where}))
          and (t.reserved_for_worker_id is null or t.reserved_for_worker_id = ${userId} or t.reserved_until <= now())
          ${options.category ? sql`and t.category = ${options.category}` : sql``}
          ${options.minBudgetCents ? sql`and t.budget_cents >= ${options.minBudgetCents}` : sql``}
          ${profile.minPriceCents ? sql`and t.budget_cents >= ${profile.minPriceCents}` : sql``}
      ) c
      where c.distance_meters is null or c.distance_meters <= ${radius}
    ) scored
    order by match_score desc, deadline asc, id asc
    limit ${options.limit} offset ${options.offset ?? 0}`,
  );
  const rows = ranked.length
    ? await db
        .select()
        .from(tasks)
        .where(
          and(
            inArray(
              tasks.id,
              ranked.map((row) => row.id),
            ),
          ),
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    listed: true,
    hasLocation: located,
    radiusMeters: profile.radius,
    data: ranked.flatMap((row) => {
      const task = byId.get(row.id);
      if (!task) return [];
      return [
        {
          ...toTaskResource(task),
          distanceMeters: row.distance_meters === null ? null : Math.round(Number(row.distance_meters)),
          matchedSkills: parseTextArray(row.matched_skills),
          matchScore: Math.round(Number(row.match_score) * 1000) / 1000,
        },
      ];
    }),
  };
}

type NearbyOptions = { lat: number; lng: number; radiusMeters: number };

/** A bounding box around the point (cheap, prunes before the exact distance); none across the antimeridian. */
function nearby({ lat, lng, radiusMeters }: NearbyOptions) {
  const dLat = radiusMeters / METERS_PER_DEGREE_LAT;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  const dLng = cosLat > 1e-6 ? radiusMeters / (METERS_PER_DEGREE_LAT * cosLat) : 360;
  const latBox = sql`t.lat between ${lat - dLat}::float8 and ${lat + dLat}::float8`;
  if (lng - dLng < -180 || lng + dLng > 180) return latBox;
  return sql`${latBox} and t.lng between ${lng - dLng}::float8 and ${lng + dLng}::float8`;
}

/** node-postgres parses text[] into an array; other drivers may hand back the `{a,b}` literal. */
function parseTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((item) => item.replace(/^"(.*)"$/, '$1'));
}
