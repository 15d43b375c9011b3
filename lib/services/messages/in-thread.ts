import { and, eq, type SQL, sql } from 'drizzle-orm';
import { taskMessages } from '@/db/schema';
import type { ThreadScope } from './load-thread';

export function inThread(scope: ThreadScope): SQL {
  const ofTask = eq(taskMessages.taskId, scope.taskId);
  if (scope.side === 'requester') return ofTask;
  // Messages without an assignment predate assignments: the requester side's only.
  return scope.assignmentId ? (and(ofTask, eq(taskMessages.assignmentId, scope.assignmentId)) as SQL) : sql`false`;
}
