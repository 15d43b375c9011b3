import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { services, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { toService } from './to-service';

export type ListWorkerServicesOptions = {
  workerId: string;
  userId: string;
  status: 'active' | 'all';
  cursor?: string;
  limit: number;
};

const workerNotFound = () =>
  new ApiError('NOT_FOUND', { message: 'No such worker', hint: 'Check the id (a worker profile id).' });

// `status=all` shows archived ones only to the worker themself.
export async function listWorkerServices(db: Executor, options: ListWorkerServicesOptions) {
  const { workerId, userId, cursor, limit } = options;
  const [worker] = await db
    .select({
      id: workerProfiles.id,
      userId: workerProfiles.userId,
      displayName: workerProfiles.displayName,
      isListed: workerProfiles.isListed,
    })
    .from(workerProfiles)
    .where(eq(workerProfiles.id, workerId));
  const own = worker?.userId === userId;
  if (!worker || (!own && !worker.isListed)) throw workerNotFound();
  const all = own && options.status === 'all';
  const rows = await db
    .select({ service: services, cursorAt: cursorAt(services.createdAt) })
    .from(services)
    .where(
      and(
        eq(services.workerId, worker.userId),
        all ? undefined : eq(services.status, 'active'),
        beforeCursor(services.createdAt, services.id, cursor ? decodeCursor(cursor) : undefined),
      ),
    )
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.service.id }));
  const profile = { id: worker.id, displayName: worker.displayName };
  return { data: shown.map(({ service }) => toService({ service, worker: profile })), nextCursor };
}
