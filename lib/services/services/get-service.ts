import type { Executor } from '@/db/client';
import { readService } from './read-service';
import { toService } from './to-service';

/** GET /v1/services/{id}: an active service of a listed worker, or the caller's own in any state. */
export async function getService(db: Executor, { serviceId, userId }: { serviceId: string; userId: string }) {
  return toService(await readService(db, { serviceId, userId }));
}
