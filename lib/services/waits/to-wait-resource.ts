import { inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type AgentWait, taskMessages } from '@/db/schema';
import type { TaskStatus } from '@/db/schema/tasks';
import { loadThread } from '@/lib/services/messages/load-thread';
import { type MessageResource, toMessageResource } from '@/lib/services/messages/to-message-resource';

export type WaitResult = {
  outcome: 'message' | 'status' | 'claimed' | 'ended' | 'deadline';
  messages?: MessageResource[];
  cursor?: string | null;
  taskStatus?: TaskStatus;
};

// The stored outcome names message ids; the answer carries the messages themselves, read now in the agent's view.
export async function toWaitResource(db: Db, wait: AgentWait) {
  return {
    id: wait.id,
    kind: wait.kind,
    taskId: wait.taskId,
    status: wait.status,
    statusMessage: wait.statusMessage,
    createdAt: wait.createdAt.toISOString(),
    updatedAt: wait.updatedAt.toISOString(),
    deadline: wait.deadline.toISOString(),
    expiresAt: wait.expiresAt.toISOString(),
    ttlMs: wait.expiresAt.getTime() - wait.createdAt.getTime(),
    pollIntervalMs: wait.pollIntervalMs,
    result: wait.status === 'completed' ? await resultOf(db, wait) : null,
    error:
      wait.status === 'failed' ? { code: wait.errorCode ?? 'INTERNAL_ERROR', message: wait.statusMessage ?? '' } : null,
  };
}

async function resultOf(db: Db, wait: AgentWait): Promise<WaitResult | null> {
  const stored = wait.outcome;
  if (!stored) return null;
  switch (stored.outcome) {
    case 'message': {
      const thread = await loadThread(db, { taskId: wait.taskId, userId: wait.userId });
      const rows = await db.select().from(taskMessages).where(inArray(taskMessages.id, stored.messageIds));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const messages = stored.messageIds.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toMessageResource(row, thread.requesterIds)] : [];
      });
      return { outcome: 'message', messages, cursor: stored.messageIds.at(-1) ?? null };
    }
    case 'status':
    case 'ended':
      return { outcome: stored.outcome, taskStatus: stored.status as TaskStatus };
    case 'claimed':
    case 'deadline':
      return { outcome: stored.outcome, ...(wait.kind === 'message' ? { cursor: wait.sinceMessageId } : {}) };
  }
}
