import { and, desc, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agentWaits, taskMessages } from '@/db/schema';
import type { CreateWaitBody } from '@/lib/schemas/waits';
import { inThread } from '@/lib/services/messages/in-thread';
import { isOpen } from '@/lib/services/messages/is-open';
import { loadThread } from '@/lib/services/messages/load-thread';
import { messageKey } from '@/lib/services/messages/message-key';
import { loadTaskAccess } from '@/lib/services/tasks/load-task-access';
import { settleWait } from './settle-wait';
import { toWaitResource } from './to-wait-resource';
import { claimOwner } from './wait-owner';
import { WAIT_POLL_INTERVAL_MS, type WaitTimesInput, waitTimes } from './wait-times';

export type CreateWaitOptions = { apiKeyId: string; userId: string; body: CreateWaitBody };

/** A wait on a task the key's agent can see (404 otherwise, as for the task itself). */
export async function createWait(db: Db, { apiKeyId, userId, body }: CreateWaitOptions) {
  const sinceMessageId =
    body.kind === 'message'
      ? await messageCursor(db, { taskId: body.taskId, userId, given: body.sinceMessageId })
      : null;
  if (body.kind === 'task_status') await loadTaskAccess(db, { taskId: body.taskId, userId, partiesOnly: true });
  return startWait(db, {
    row: {
      kind: body.kind,
      apiKeyId,
      userId,
      taskId: body.taskId,
      sinceMessageId,
      statuses: body.statuses ?? null,
    },
    times: body,
  });
}

export type CreateClaimWaitOptions = { claimToken: string; deadline?: string; ttlSeconds?: number };

export async function createClaimWait(db: Db, { claimToken, ...times }: CreateClaimWaitOptions) {
  const claim = await claimOwner(db, claimToken);
  return startWait(db, {
    row: { kind: 'claim', claimId: claim.claimId, userId: claim.userId, taskId: claim.taskId },
    times,
  });
}

type StartWaitOptions = {
  row: Omit<typeof agentWaits.$inferInsert, 'pollIntervalMs' | 'deadline' | 'expiresAt'>;
  times: Omit<WaitTimesInput, 'now'>;
};

/** Inserts the wait and settles it at once: a condition already met finishes it before the caller hears of it. */
async function startWait(db: Db, { row, times }: StartWaitOptions) {
  const now = new Date();
  const [wait] = await db
    .insert(agentWaits)
    .values({ ...row, pollIntervalMs: WAIT_POLL_INTERVAL_MS, createdAt: now, ...waitTimes({ ...times, now }) })
    .returning();
  if (!wait) throw new Error('wait insert returned no row');
  return toWaitResource(db, await settleWait(db, wait));
}

type MessageCursorOptions = { taskId: string; userId: string; given: string | undefined };

// Without a cursor, worker messages after your side's latest one count (those already there finish the wait at
// once), as await_message has always read the thread.
async function messageCursor(db: Db, { taskId, userId, given }: MessageCursorOptions): Promise<string | null> {
  const thread = await loadThread(db, { taskId, userId });
  const scope = { taskId, side: thread.side, assignmentId: thread.assignmentId };
  if (given) return (await messageKey(db, { scope, messageId: given, field: 'sinceMessageId' })).id;
  if (!isOpen(thread.task)) return null;
  const ownSide =
    thread.side === 'requester'
      ? inArray(taskMessages.senderId, thread.requesterIds)
      : notInArray(taskMessages.senderId, thread.requesterIds);
  const [own] = await db
    .select({ id: taskMessages.id })
    .from(taskMessages)
    .where(and(inThread(scope), ownSide))
    .orderBy(desc(taskMessages.createdAt), desc(taskMessages.id))
    .limit(1);
  return own?.id ?? null;
}
