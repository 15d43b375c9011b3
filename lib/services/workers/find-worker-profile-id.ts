import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerProfiles } from '@/db/schema';

/** A task's `workerId` is a user id. */
export async function findWorkerProfileId(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workerProfiles.id })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, userId));
  return row?.id ?? null;
}
