import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerProfiles } from '@/db/schema';

export type WorkerLocation = { lat: number; lng: number };

export async function findWorkerLocation(db: Executor, userId: string): Promise<WorkerLocation | null> {
  const [profile] = await db
    .select({ lat: workerProfiles.lat, lng: workerProfiles.lng })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, userId));
  if (profile?.lat == null || profile.lng == null) return null;
  return { lat: profile.lat, lng: profile.lng };
}
