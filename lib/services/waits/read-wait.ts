import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type AgentWait, agentWaits } from '@/db/schema';
import { takeWaitSlot } from '@/lib/realtime/wait-slots';
import { messageHub } from '@/lib/services/messages/message-hub';
import { settleWait } from './settle-wait';
import { toWaitResource } from './to-wait-resource';
import { ownedBy, type WaitOwner, waitNotFound } from './wait-owner';

export type ReadWaitOptions = {
  owner: WaitOwner;
  id: string;
  /** 0: answer now. More: hold while it is working, up to this many seconds (a long poll). */
  timeoutSec: number;
  signal?: AbortSignal;
};

/**
 * The wait as it stands, settled first. A long poll subscribes to its task's wake-ups (messages and status
 * changes, lib/realtime/task-channel.ts) BEFORE looking, so nothing that commits in between is missed, and looks
 * again on each wake-up and at the end.
 */
export async function readWait(database: Database, options: ReadWaitOptions) {
  const { db } = database;
  const wait = await loadOwnedWait(database, options);
  if (options.timeoutSec === 0 || wait.status !== 'working') return toWaitResource(db, await settleWait(db, wait));
  const release = takeWaitSlot('apiKeyId' in options.owner ? options.owner.userId : wait.userId);
  const subscription = await messageHub(database)
    .subscribe(wait.taskId)
    .catch((error) => {
      release();
      throw error;
    });
  try {
    let current = await settleWait(db, wait);
    const until = Math.min(Date.now() + options.timeoutSec * 1000, current.deadline.getTime() + 250);
    while (current.status === 'working') {
      const left = until - Date.now();
      if (left <= 0) break;
      const woke = await subscription.next(left, options.signal);
      if (woke === 'abort') break;
      current = await settleWait(db, current);
      if (woke === 'timeout') break;
    }
    return toWaitResource(db, current);
  } finally {
    subscription.close();
    release();
  }
}

export async function loadOwnedWait(database: Database, { owner, id }: Pick<ReadWaitOptions, 'owner' | 'id'>) {
  const { db } = database;
  const [wait] = await db
    .select()
    .from(agentWaits)
    .where(and(eq(agentWaits.id, id), await ownedBy(db, owner), gt(agentWaits.expiresAt, new Date())));
  if (!wait) throw waitNotFound();
  return wait as AgentWait;
}
