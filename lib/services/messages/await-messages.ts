import { and, asc, eq } from 'drizzle-orm';
import type { Database, Db } from '@/db/client';
import { type TaskMessage, taskMessages } from '@/db/schema';
import { MAX_AWAIT_MESSAGES } from '@/lib/schemas/messages';
import { isTerminal } from '@/lib/tasks/task-transitions';
import { messageHub } from './message-hub';
import {
  afterKey,
  fromOtherSide,
  isOpen,
  loadThread,
  type MessageKey,
  type MessageResource,
  messageKey,
  newestKey,
  type Thread,
  threadNotOpen,
  threadReadOnly,
  toMessageResource,
} from './thread';

export type AwaitInput = { sinceMessageId?: string; timeoutSec: number; signal?: AbortSignal };

/**
 * Long poll (reference/protocols.md §11.1): subscribe to the task's wake-ups FIRST, then query, then wait and
 * query again on each wake-up, so a message committed between the query and the wait is never missed. No
 * database connection is held while waiting: each query takes one from the pool and gives it back.
 */
export async function awaitMessages(
  database: Database,
  userId: string,
  taskId: string,
  input: AwaitInput,
): Promise<MessageResource[]> {
  const { db } = database;
  const thread = await loadThread(db, taskId, userId);
  if (!isOpen(thread.task)) throw threadNotOpen();
  // An ended thread gets nothing new: answer what is left, then tell the client to stop polling.
  const ended = isTerminal(thread.task.status);
  const subscription = ended ? undefined : await messageHub(database).subscribe(taskId);
  try {
    let notBefore = performance.now();
    const since = input.sinceMessageId
      ? await messageKey(db, taskId, input.sinceMessageId, 'sinceMessageId')
      : await newestKey(db, taskId);
    const deadline = Date.now() + input.timeoutSec * 1000;
    for (;;) {
      const rows = await newerFromOtherSide(db, thread, since, notBefore);
      if (rows.length > 0) return rows.map((row) => toMessageResource(row, thread.requesterIds));
      if (!subscription) throw threadReadOnly(thread.task);
      const result = await subscription.next(deadline - Date.now(), input.signal);
      if (result !== 'wake') return [];
      notBefore = subscription.wokenAt();
    }
  } finally {
    subscription?.close();
  }
}

// Waiters woken together ask the same question: one query answers all of them. A waiter only joins a query
// that started after its wake-up (`notBefore`, stamped when the notification arrived, not when the waiter got to
// run), so it never shares a snapshot older than the wake-up, yet 5,000 waiters of one thread share one query.
const inflight = new Map<string, { startedAt: number; rows: Promise<TaskMessage[]> }>();

function newerFromOtherSide(db: Db, thread: Thread, since: MessageKey | undefined, notBefore: number) {
  const key = `${thread.task.id}|${thread.side}|${since?.id ?? ''}`;
  const shared = inflight.get(key);
  if (shared && shared.startedAt >= notBefore) return shared.rows;
  const startedAt = performance.now();
  const rows = db
    .select()
    .from(taskMessages)
    .where(and(eq(taskMessages.taskId, thread.task.id), fromOtherSide(thread), afterKey(since)))
    .orderBy(asc(taskMessages.createdAt), asc(taskMessages.id))
    .limit(MAX_AWAIT_MESSAGES)
    .then((result) => result);
  const entry = { startedAt, rows };
  inflight.set(key, entry);
  const forget = () => {
    if (inflight.get(key) === entry) inflight.delete(key);
  };
  rows.then(forget, forget);
  return rows;
}
