import { and, desc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { workerProfiles } from '@/db/schema';
import { toWorkerProfile } from './to-worker-profile';

export type ListedWorkersPage = { cursor?: string; limit: number };

// Keyset-paginated on (created_at, id), served by worker_profiles_listed_created_idx.
export async function listListedWorkers(db: Executor, page: ListedWorkersPage, viewerId: string) {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ worker: workerProfiles, cursorAt: cursorAt(workerProfiles.createdAt) })
    .from(workerProfiles)
    .where(and(workerProfiles.isListed, beforeCursor(workerProfiles.createdAt, workerProfiles.id, after)))
    .orderBy(desc(workerProfiles.createdAt), desc(workerProfiles.id))
    .limit(page.limit + 1);
  const { shown: pageRows, nextCursor } = pageOf(rows, page.limit, (last) => ({
    cursorAt: last.cursorAt,
    id: last.worker.id,
  }));
  return {
    data: pageRows.map((row) => toWorkerProfile(row.worker, viewerId)),
    nextCursor,
  };
}
