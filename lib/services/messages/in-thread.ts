import { and, eq, type SQL, sql } from 'drizzle-orm';
import { taskMessages } from '@/db/schema';
import type { ThreadScope } from './load-thread';

/** The messages `scope`'s reader may see: the whole task's for the requester side, their assignment's for a worker. */
export function inThread(scope: ThreadScope): SQL {
  const ofTask = eq(taskMessages.taskId, scope.taskId);
  if (scope.side === 'requester') return ofTask;
  // Messages without an assignment predate assignments: the requester side's only.
  return scope.assignmentId ? (and(ofTask, eq(taskMessages.assignmentId, scope.assignmentId)) as SQL) : sql`false`;
}
