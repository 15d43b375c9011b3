import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '@/db/client';
import { agentWaits } from '@/db/schema';
import { logger } from '@/lib/logger';
import { TASK_CHANNEL } from '@/lib/realtime/task-channel';
import { settleWait } from './settle-wait';

const BATCH = 200;

/** Settles the working waits of these tasks (a message or status change woke them). */
export async function settleWaitsOf(db: Db, taskIds: string[]): Promise<number> {
  if (taskIds.length === 0) return 0;
  const waits = await db
    .select()
    .from(agentWaits)
    .where(and(inArray(agentWaits.taskId, taskIds), eq(agentWaits.status, 'working')))
    .limit(BATCH);
  let finished = 0;
  for (const wait of waits) if ((await settleWait(db, wait)).status !== 'working') finished += 1;
  return finished;
}

/**
 * The backstop: finishes the waits whose deadline passed (no wake-up marks that moment) and forgets the waits
 * past their TTL. Lost notifications are covered by reads, which settle before they answer.
 */
export async function sweepWaits(db: Db): Promise<{ finished: number; forgotten: number }> {
  const due = await db
    .select()
    .from(agentWaits)
    .where(and(eq(agentWaits.status, 'working'), lte(agentWaits.deadline, sql`now()`)))
    .orderBy(agentWaits.deadline)
    .limit(BATCH);
  let finished = 0;
  for (const wait of due) if ((await settleWait(db, wait)).status !== 'working') finished += 1;
  const gone = await db
    .delete(agentWaits)
    .where(
      inArray(
        agentWaits.id,
        db.select({ id: agentWaits.id }).from(agentWaits).where(lte(agentWaits.expiresAt, sql`now()`)).limit(1000),
      ),
    )
    .returning({ id: agentWaits.id });
  return { finished, forgotten: gone.length };
}

/**
 * Finishes waits as their tasks change, with nobody polling: one LISTEN on the task channel per instance, the
 * wake-ups of a tick coalesced into one batch. Every instance does it; the conditional update lets one win.
 */
export async function watchWaits(database: Database): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  const pending = new Set<string>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const taskIds = [...pending];
    pending.clear();
    settleWaitsOf(database.db, taskIds).catch((error) => logger.warn('settling waits failed', { error }));
  };
  return database.listen(TASK_CHANNEL, {
    onNotify: (taskId) => {
      pending.add(taskId);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 50).unref();
      }
    },
    onReconnect: () => {
      sweepWaits(database.db).catch((error) => logger.warn('wait sweep failed', { error }));
    },
  });
}
