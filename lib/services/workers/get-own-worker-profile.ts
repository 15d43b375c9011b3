import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { toWorkerProfile } from './to-worker-profile';

export async function getOwnWorkerProfile(db: Executor, userId: string) {
  const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId));
  return row ? toWorkerProfile(row, userId) : null;
}
