import type { Db } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { CreateWorkerProfileInput } from '@/lib/schemas/workers';
import { recordAcceptances } from '../legal/record-acceptances';
import { toProfileColumns } from './to-profile-columns';
import { toWorkerProfile } from './to-worker-profile';

// A second profile is 409 CONFLICT: the unique index on user_id decides.
export async function createWorkerProfile(
  db: Db,
  userId: string,
  input: CreateWorkerProfileInput,
  meta: { ip?: string | null } = {},
) {
  const { acceptWorkerAgreement, ...fields } = input;
  const columns = await toProfileColumns(db, userId, fields);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(workerProfiles)
      .values({ ...columns, userId })
      .onConflictDoNothing({ target: workerProfiles.userId })
      .returning();
    if (!created) {
      throw new ApiError('CONFLICT', {
        message: 'You already have a worker profile',
        hint: 'Each user has one worker profile: read it with GET /v1/workers/me and change it with PATCH /v1/workers/me.',
      });
    }
    if (acceptWorkerAgreement) {
      await recordAcceptances(tx, { userId, slugs: ['worker-agreement'], ip: meta.ip });
    }
    return created;
  });
  return toWorkerProfile(row, userId);
}
