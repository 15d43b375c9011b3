import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { afterCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { type Dispute, disputes, tasks, users } from '@/db/schema';
import { type Caller, isAdminCaller } from '@/lib/auth/admin';
import { loadEvidence } from './load-evidence';
import { type DisputeResource, toDisputeResource } from './to-dispute-resource';

export type ListDisputesOptions = {
  caller: Caller;
  status?: Dispute['status'];
  cursor?: string;
  limit?: number;
};

// Oldest first, so the admins' open queue starts with the longest waiting.
export async function listDisputes(
  db: Executor,
  { caller, status, cursor, limit = 20 }: ListDisputesOptions,
): Promise<{ data: DisputeResource[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const { id } = caller.user;
  const party: SQL | undefined = isAdminCaller(caller)
    ? undefined
    : or(eq(tasks.requesterId, id), eq(users.ownerId, id), eq(tasks.workerId, id));
  const rows = await db
    .select({ dispute: disputes, cursorAt: cursorAt(disputes.createdAt) })
    .from(disputes)
    .innerJoin(tasks, eq(tasks.id, disputes.taskId))
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(
      and(party, status ? eq(disputes.status, status) : undefined, afterCursor(disputes.createdAt, disputes.id, after)),
    )
    .orderBy(asc(disputes.createdAt), asc(disputes.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.dispute.id }));
  const evidence = await loadEvidence(
    db,
    shown.map((row) => row.dispute.id),
  );
  return {
    data: shown.map((row) => toDisputeResource(row.dispute, evidence.get(row.dispute.id) ?? [])),
    nextCursor,
  };
}
