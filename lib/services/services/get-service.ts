import type { Executor } from '@/db/client';
import { readService } from './read-service';
import { toService } from './to-service';

export async function getService(db: Executor, { serviceId, userId }: { serviceId: string; userId: string }) {
  return toService(await readService(db, { serviceId, userId }));
}
