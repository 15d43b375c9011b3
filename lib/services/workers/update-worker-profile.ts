import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { WorkerProfileInput } from '@/lib/schemas/workers';
import { toProfileColumns } from './to-profile-columns';
import { toWorkerProfile } from './to-worker-profile';

export type ProfileTarget = { me: true } | { id: string };

export type UpdateWorkerProfileOptions = { userId: string; target: ProfileTarget; input: WorkerProfileInput };

// Anyone but the owner is 403 (the spec's rule, checked after the id is known to exist).
export async function updateWorkerProfile(db: Db, { userId, target, input }: UpdateWorkerProfileOptions) {
  return db.transaction(async (tx) => {
    const where = 'me' in target ? eq(workerProfiles.userId, userId) : eq(workerProfiles.id, target.id);
    const [current] = await tx.select().from(workerProfiles).where(where).for('update');
    if (!current) {
      throw new ApiError('NOT_FOUND', {
        message: 'No such worker profile',
        hint: 'me' in target ? 'Create your profile with POST /v1/workers first.' : 'Check the worker id.',
      });
    }
    if (current.userId !== userId) {
      throw new ApiError('FORBIDDEN', {
        message: 'Only the owner may update this worker profile',
        hint: 'Update your own profile with PATCH /v1/workers/me.',
      });
    }
    const columns = await toProfileColumns(tx, userId, input);
    if (Object.keys(columns).length === 0) return toWorkerProfile(current, userId);
    const [row] = await tx.update(workerProfiles).set(columns).where(eq(workerProfiles.id, current.id)).returning();
    if (!row) throw new Error('worker profile update returned no row');
    return toWorkerProfile(row, userId);
  });
}
