import type { Db } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { WorkerProfileInput } from '@/lib/schemas/workers';
import { toProfileColumns } from './to-profile-columns';
import { toWorkerProfile } from './to-worker-profile';

/** Creates the user's one worker profile; a second one is 409 CONFLICT (the unique index on user_id decides). */
export async function createWorkerProfile(db: Db, userId: string, input: WorkerProfileInput) {
  const columns = await toProfileColumns(db, userId, input);
  const [row] = await db
    .insert(workerProfiles)
    .values({ ...columns, userId })
    .onConflictDoNothing({ target: workerProfiles.userId })
    .returning();
  if (!row) {
    throw new ApiError('CONFLICT', {
      message: 'You already have a worker profile',
      hint: 'Each user has one worker profile: read it with GET /v1/workers/me and change it with PATCH /v1/workers/me.',
    });
  }
  return toWorkerProfile(row, userId);
}
