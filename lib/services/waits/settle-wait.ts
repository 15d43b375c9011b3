import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type AgentWait, agentWaits, taskClaims, taskMessages, tasks, type WaitOutcome } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { MAX_AWAIT_MESSAGES } from '@/lib/schemas/messages';
import { afterKey } from '@/lib/services/messages/after-key';
import { fromOtherSide } from '@/lib/services/messages/from-other-side';
import { inThread } from '@/lib/services/messages/in-thread';
import { isOpen } from '@/lib/services/messages/is-open';
import { loadThread } from '@/lib/services/messages/load-thread';
import { messageKey } from '@/lib/services/messages/message-key';
import { isTerminal } from '@/lib/tasks/task-transitions';

type Finish =
  | { status: 'completed'; outcome: WaitOutcome; statusMessage: string }
  | { status: 'failed'; errorCode: string; statusMessage: string };

/**
 * Looks whether a working wait's condition holds now and, if so (or once its deadline passed), finishes it with
 * one conditional update: of two instances settling the same wait, one writes and the other reads its result.
 * Cheap enough to run on every read, which is what makes a read on any instance current.
 */
export async function settleWait(db: Db, wait: AgentWait): Promise<AgentWait> {
  if (wait.status !== 'working') return wait;
  const finish =
    (await look(db, wait)) ??
    (wait.deadline.getTime() <= Date.now()
      ? ({
          status: 'completed',
          outcome: { outcome: 'deadline' },
          statusMessage: 'The deadline passed with nothing new.',
        } as const)
      : undefined);
  if (!finish) return wait;
  const [finished] = await db
    .update(agentWaits)
    .set({ ...finish, updatedAt: sql`now()` })
    .where(and(eq(agentWaits.id, wait.id), eq(agentWaits.status, 'working')))
    .returning();
  if (finished) return finished;
  const [current] = await db.select().from(agentWaits).where(eq(agentWaits.id, wait.id));
  return current ?? wait;
}

async function look(db: Db, wait: AgentWait): Promise<Finish | undefined> {
  switch (wait.kind) {
    case 'message':
      return lookForMessages(db, wait);
    case 'task_status':
      return lookAtStatus(db, wait);
    case 'claim':
      return lookAtClaim(db, wait);
  }
}

async function lookForMessages(db: Db, wait: AgentWait): Promise<Finish | undefined> {
  let thread: Awaited<ReturnType<typeof loadThread>>;
  try {
    thread = await loadThread(db, { taskId: wait.taskId, userId: wait.userId });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return lost();
    throw error;
  }
  const { task } = thread;
  // Before acceptance there is no thread yet: the wait goes on, unless the task ended unaccepted.
  if (!isOpen(task)) return isTerminal(task.status) ? ended(task.status) : undefined;
  const scope = { taskId: wait.taskId, side: thread.side, assignmentId: thread.assignmentId };
  const since = wait.sinceMessageId
    ? await messageKey(db, { scope, messageId: wait.sinceMessageId, field: 'sinceMessageId' })
    : undefined;
  const rows = await db
    .select({ id: taskMessages.id })
    .from(taskMessages)
    .where(and(inThread(scope), fromOtherSide(thread), afterKey(since)))
    .orderBy(asc(taskMessages.createdAt), asc(taskMessages.id))
    .limit(MAX_AWAIT_MESSAGES);
  if (rows.length > 0) {
    const count = rows.length;
    return {
      status: 'completed',
      outcome: { outcome: 'message', messageIds: rows.map((row) => row.id) },
      statusMessage: `The worker wrote ${count === 1 ? 'a message' : `${count} messages`}.`,
    };
  }
  return isTerminal(task.status) ? ended(task.status) : undefined;
}

async function lookAtStatus(db: Db, wait: AgentWait): Promise<Finish | undefined> {
  const [task] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, wait.taskId));
  if (!task) return lost();
  if (wait.statuses?.includes(task.status)) {
    return {
      status: 'completed',
      outcome: { outcome: 'status', status: task.status },
      statusMessage: `The task is ${task.status}.`,
    };
  }
  return isTerminal(task.status) ? ended(task.status) : undefined;
}

async function lookAtClaim(db: Db, wait: AgentWait): Promise<Finish | undefined> {
  if (!wait.claimId) return lost();
  const [claim] = await db
    .select({ claimedAt: taskClaims.claimedAt, expiresAt: taskClaims.expiresAt })
    .from(taskClaims)
    .where(eq(taskClaims.id, wait.claimId));
  if (!claim) return lost();
  if (claim.claimedAt) {
    return { status: 'completed', outcome: { outcome: 'claimed' }, statusMessage: 'The human claimed the task.' };
  }
  if (claim.expiresAt.getTime() <= Date.now()) {
    return {
      status: 'failed',
      errorCode: 'CLAIM_EXPIRED',
      statusMessage: 'The claim expired before the human completed it.',
    };
  }
  return undefined;
}

function ended(status: string): Finish {
  return {
    status: 'completed',
    outcome: { outcome: 'ended', status },
    statusMessage: `The task is ${status}: what you waited for can no longer happen.`,
  };
}

function lost(): Finish {
  return { status: 'failed', errorCode: 'NOT_FOUND', statusMessage: 'The task is no longer visible to you.' };
}
