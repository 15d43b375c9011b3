import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

export async function findOwnWorkerId(db: Executor, userId: string, { lock = false } = {}): Promise<string> {
  const query = db.select({ id: workerProfiles.id }).from(workerProfiles).where(eq(workerProfiles.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) {
    throw new ApiError('NOT_FOUND', {
      message: 'You have no worker profile',
      hint: 'Create one with POST /v1/workers first.',
    });
  }
  return row.id;
}
