import { and, asc } from 'drizzle-orm';
import type { Database, Db } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { logger } from '@/lib/logger';
import type { Subscription } from '@/lib/realtime/hub';
import { takeWaitSlot } from '@/lib/realtime/wait-slots';
import { MAX_AWAIT_MESSAGES } from '@/lib/schemas/messages';
import { isTerminal } from '@/lib/tasks/task-transitions';
import { afterKey } from './after-key';
import { fromOtherSide } from './from-other-side';
import { inThread } from './in-thread';
import { isOpen } from './is-open';
import { loadThread, type Thread, type ThreadScope } from './load-thread';
import { messageHub } from './message-hub';
import { type MessageKey, messageKey } from './message-key';
import { newestKey } from './newest-key';
import { threadNotOpen } from './thread-not-open';
import { threadReadOnly } from './thread-read-only';
import { type MessageResource, toMessageResource } from './to-message-resource';

export type AwaitInput = { sinceMessageId?: string; timeoutSec: number; signal?: AbortSignal };

export type AwaitStart = { messages: MessageResource[] } | { waiting: Promise<MessageResource[]> };

export type StartAwaitMessagesOptions = AwaitInput & {
  userId: string;
  taskId: string;
};

// Subscribe to the task's wake-ups FIRST, then query (protocols.md §11.1), so a message committed between the
// query and the wait is never missed. No connection is held while waiting. Every refusal is decided before the
// wait; a failed re-query ends it early with `[]`, and the client asks again from the same cursor.
export async function startAwaitMessages(database: Database, options: StartAwaitMessagesOptions): Promise<AwaitStart> {
  // Held from the first look to the answer: a caller past its MAX_CONCURRENT_WAITS is refused before any query.
  const release = takeWaitSlot(options.userId);
  try {
    const start = await lookThenWait(database, options);
    if ('messages' in start) release();
    else start.waiting.then(release, release);
    return start;
  } catch (error) {
    release();
    throw error;
  }
}

async function lookThenWait(database: Database, input: StartAwaitMessagesOptions): Promise<AwaitStart> {
  const { db } = database;
  const { taskId } = input;
  const thread = await loadThread(db, { taskId, userId: input.userId });
  if (!isOpen(thread.task)) throw threadNotOpen();
  // An ended thread gets nothing new: answer what is left, then tell the client to stop polling.
  const ended = isTerminal(thread.task.status);
  const subscription = ended ? undefined : await messageHub(database).subscribe(taskId);
  try {
    // All a waiter keeps of the thread while it waits (not the task row: 5,000 waiters, 5,000 copies).
    const reader: ThreadReader = {
      taskId,
      side: thread.side,
      requesterIds: thread.requesterIds,
      assignmentId: thread.assignmentId,
    };
    const since = input.sinceMessageId
      ? await messageKey(db, { scope: reader, messageId: input.sinceMessageId, field: 'sinceMessageId' })
      : await newestKey(db, reader);
    const deadline = Date.now() + input.timeoutSec * 1000;
    const messages = await newerFromOtherSide(db, { reader, since, notBefore: performance.now() });
    if (messages.length > 0 || !subscription) {
      subscription?.close();
      if (messages.length === 0) throw threadReadOnly(thread.task);
      return { messages };
    }
    const waiting = waitForMessages(db, { reader, since, subscription, deadline, signal: input.signal });
    return { waiting };
  } catch (error) {
    subscription?.close();
    throw error;
  }
}

type WaitForMessagesOptions = {
  reader: ThreadReader;
  since: MessageKey | undefined;
  subscription: Subscription;
  deadline: number;
  signal?: AbortSignal;
};

async function waitForMessages(
  db: Db,
  { reader, since, subscription, deadline, signal }: WaitForMessagesOptions,
): Promise<MessageResource[]> {
  try {
    for (;;) {
      const result = await subscription.next(deadline - Date.now(), signal);
      if (result !== 'wake') return [];
      const messages = await newerFromOtherSide(db, { reader, since, notBefore: subscription.wokenAt() });
      if (messages.length > 0) return messages;
    }
  } catch (error) {
    logger.warn('long poll: re-query failed, ending the wait early', { taskId: reader.taskId, error });
    return [];
  } finally {
    subscription.close();
  }
}

// Waiters woken together share one query and its answer (one array, serialised once). A waiter only joins a
// query that started after its wake-up, so it never shares a snapshot older than the wake-up.
const inflight = new Map<string, { startedAt: number; messages: Promise<MessageResource[]> }>();

type ThreadReader = Pick<Thread, 'requesterIds'> & ThreadScope;

type NewerFromOtherSideOptions = {
  reader: ThreadReader;
  since: MessageKey | undefined;
  /** The oldest start (`performance.now()`) of a running query this one may share. */
  notBefore: number;
};

function newerFromOtherSide(db: Db, { reader, since, notBefore }: NewerFromOtherSideOptions) {
  const key = `${reader.taskId}|${reader.side}|${reader.assignmentId ?? ''}|${since?.id ?? ''}`;
  const shared = inflight.get(key);
  if (shared && shared.startedAt >= notBefore) return shared.messages;
  const startedAt = performance.now();
  const messages = db
    .select()
    .from(taskMessages)
    .where(and(inThread(reader), fromOtherSide(reader), afterKey(since)))
    .orderBy(asc(taskMessages.createdAt), asc(taskMessages.id))
    .limit(MAX_AWAIT_MESSAGES)
    .then((rows) => rows.map((row) => toMessageResource(row, reader.requesterIds)));
  const entry = { startedAt, messages };
  inflight.set(key, entry);
  const forget = () => {
    if (inflight.get(key) === entry) inflight.delete(key);
  };
  messages.then(forget, forget);
  return messages;
}
