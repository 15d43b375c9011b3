import type { Database } from '@/db/client';
import type { WorkerProfile } from '@/db/schema';
import type { WorkerSearchQuery } from '@/lib/schemas/worker-search';
import { listListedWorkers } from './list-listed-workers';
import { searchStatementName, searchWorkersSql } from './search-workers-sql';
import { toWorkerProfile } from './to-worker-profile';

type SearchRow = {
  id: string;
  user_id: string;
  display_name: string | null;
  headline: string | null;
  bio: string | null;
  skills: string[] | null;
  skill_details: WorkerProfile['skillDetails'];
  photos: string[];
  hourly_rate_cents: number | null;
  min_price_cents: number | null;
  lat: number | null;
  lng: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  default_radius_meters: number;
  is_listed: boolean;
  is_available: boolean;
  average_rating: string | null;
  completed_tasks: number;
  verification_tier: number;
  created_at: Date | string;
  distance: number;
  match_score: number;
};

const statements = new Map<string, string>();

// Distances are from each worker's coarse position, rounded to 100 m, for every caller: search ranks everyone by
// what anyone may see.
export async function searchWorkers(database: Database, query: WorkerSearchQuery, viewerId: string) {
  if (query.lat === undefined || query.lng === undefined) return listListedWorkers(database.db, query, viewerId);
  const skills = query.skills ?? [];
  const variant = { minRating: query.minRating !== undefined, atInstant: query.availableAt !== undefined };
  const statement = searchStatementName(skills.length, variant);
  let text = statements.get(statement);
  if (!text) {
    text = searchWorkersSql(skills.length, variant);
    statements.set(statement, text);
  }
  const rows = await database.query<SearchRow>(statement, text, [
    query.lat,
    query.lng,
    query.radiusMeters,
    skills,
    query.minRating ?? null,
    query.availableAt ?? null,
    query.limit,
  ]);
  return {
    data: rows.map((row) => ({
      ...toWorkerProfile(toProfileRow(row), viewerId),
      distanceMeters: Number(row.distance),
      matchScore: Number(row.match_score),
    })),
    nextCursor: null,
  };
}

function toProfileRow(row: SearchRow): WorkerProfile {
  return {
    id: row.id,
    userId: row.user_id,
    displayName: row.display_name,
    headline: row.headline,
    bio: row.bio,
    skills: row.skills,
    skillDetails: row.skill_details,
    photos: row.photos,
    hourlyRateCents: row.hourly_rate_cents,
    minPriceCents: row.min_price_cents,
    lat: row.lat,
    lng: row.lng,
    city: row.city,
    region: row.region,
    country: row.country,
    defaultRadiusMeters: row.default_radius_meters,
    isListed: row.is_listed,
    isAvailable: row.is_available,
    averageRating: row.average_rating,
    ratingCount: 0, // not selected: the resource does not show it
    completedTasks: row.completed_tasks,
    verificationTier: row.verification_tier,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.created_at), // not selected: the resource does not show it
  };
}
