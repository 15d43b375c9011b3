import type { WorkerProfile } from '@/db/schema';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';
import { coarseDegrees } from '@/lib/workers/coarse-position';

// The one serializer: private capability answers are never part of it, and only the owner sees the exact location.
export function toWorkerProfile(row: WorkerProfile, viewerId: string): WorkerProfileResource {
  return {
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    headline: row.headline,
    bio: row.bio,
    skills: row.skills,
    skillDetails: row.skillDetails,
    photos: row.photos,
    hourlyRateCents: row.hourlyRateCents,
    minPriceCents: row.minPriceCents,
    location: toLocation(row, row.userId === viewerId),
    defaultRadiusMeters: row.defaultRadiusMeters,
    averageRating: row.averageRating,
    completedTasks: row.completedTasks,
    verificationTier: row.verificationTier,
    isAvailable: row.isAvailable,
    isListed: row.isListed,
    createdAt: row.createdAt.toISOString(),
  };
}

function toLocation(row: WorkerProfile, exact: boolean): WorkerProfileResource['location'] {
  if (row.lat === null || row.lng === null) return null;
  const round = exact ? (degrees: number) => degrees : coarseDegrees;
  return { lat: round(row.lat), lng: round(row.lng), city: row.city, region: row.region, country: row.country };
}
