import type { WorkerProfile } from '@/db/schema';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';

/** The one serializer for worker profiles: private capability answers are never part of it. */
export function toWorkerProfile(row: WorkerProfile): WorkerProfileResource {
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
    location:
      row.lat !== null && row.lng !== null
        ? { lat: row.lat, lng: row.lng, city: row.city, region: row.region, country: row.country }
        : null,
    defaultRadiusMeters: row.defaultRadiusMeters,
    averageRating: row.averageRating,
    completedTasks: row.completedTasks,
    verificationTier: row.verificationTier,
    isAvailable: row.isAvailable,
    isListed: row.isListed,
    createdAt: row.createdAt.toISOString(),
  };
}
