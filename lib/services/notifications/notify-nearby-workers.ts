import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { nearbyFanouts, notifications, type Task, tasks, users } from '@/db/schema';
import { formatZonedDateTime } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';
import { formatDistance } from '@/lib/format/place';
import { logger } from '@/lib/logger';
import { callerLivemode } from '@/lib/payments/get-processor';
import { nearbyWorkersSql } from '@/lib/services/workers/search-workers-sql';
import { notifyMany } from './notify-many';

export const NEARBY_WORKERS_PER_TASK = 20;
export const NEARBY_NOTICES_PER_HOUR = 3;
const MAX_REACH_METERS = 200_000;
// Twice what it notifies, so a worker another fan-out capped meanwhile leaves room for the next best.
const LOCKED_CANDIDATES = 2 * NEARBY_WORKERS_PER_TASK;

type Candidate = { user_id: string; distance: number; match_score: number };

const statements = new Map<number, string>();

// Each task is one transaction that claims its row (FOR UPDATE SKIP LOCKED, so concurrent runs split the work);
// a rerun after a crash notifies nobody twice (`new_task_nearby:<taskId>` is the dedupe key).
export async function notifyNearbyWorkers(database: Database, options: { limit?: number } = {}) {
  const pending = await database.db
    .select({ taskId: nearbyFanouts.taskId })
    .from(nearbyFanouts)
    .orderBy(asc(nearbyFanouts.createdAt), asc(nearbyFanouts.taskId))
    .limit(options.limit ?? 100);
  let handled = 0;
  let notices = 0;
  for (const { taskId } of pending) {
    try {
      const sent = await fanOut(database, taskId);
      if (sent === null) continue;
      handled += 1;
      notices += sent;
    } catch (error) {
      logger.error('new task near you: fan-out failed', { taskId, error });
    }
  }
  return { tasks: handled, notices };
}

async function fanOut(database: Database, taskId: string): Promise<number | null> {
  const [task] = await database.db.select().from(tasks).where(eq(tasks.id, taskId));
  // Read before the transaction: on PGlite a statement outside an open transaction would wait for it.
  const candidates = task && isNoticeable(task) ? await rankCandidates(database, task) : [];
  return database.db.transaction(async (tx) => {
    const claimed = await tx
      .select({ taskId: nearbyFanouts.taskId })
      .from(nearbyFanouts)
      .where(eq(nearbyFanouts.taskId, taskId))
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return null;
    const sent = task && candidates.length > 0 ? await notifyUncapped(tx, task, candidates) : 0;
    await tx.delete(nearbyFanouts).where(eq(nearbyFanouts.taskId, taskId));
    return sent;
  });
}

function isNoticeable(task: Task) {
  return (
    task.status === 'posted' &&
    task.deadline > new Date() &&
    task.lat !== null &&
    task.lng !== null &&
    task.livemode === callerLivemode()
  );
}

async function rankCandidates(database: Database, task: Task): Promise<Candidate[]> {
  const skills = [...new Set(task.requiredSkills.map((skill) => skill.toLowerCase()))].slice(0, 20);
  let text = statements.get(skills.length);
  if (!text) {
    text = nearbyWorkersSql(skills.length, NEARBY_NOTICES_PER_HOUR);
    statements.set(skills.length, text);
  }
  const [requester] = await database.db
    .select({ ownerId: users.ownerId })
    .from(users)
    .where(eq(users.id, task.requesterId));
  const excluded = [task.requesterId, ...(requester?.ownerId ? [requester.ownerId] : [])];
  return database.query<Candidate>(`nearby_workers_${skills.length}`, text, [
    task.lat,
    task.lng,
    MAX_REACH_METERS,
    skills,
    null,
    new Date().toISOString(),
    excluded,
    LOCKED_CANDIDATES,
  ]);
}

// Advisory locks per user, in id order, so two fan-outs never wait on each other in a cycle; the hourly count is
// read under that lock.
async function notifyUncapped(tx: Tx, task: Task, candidates: Candidate[]): Promise<number> {
  const ids = [...new Set(candidates.map((candidate) => candidate.user_id))].sort();
  const keys = sql.join(
    ids.map((id) => sql`${`nearby:${id}`}`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select k from unnest(array[${keys}]::text[]) k order by k) s`,
  );
  const counts = await tx
    .select({ userId: notifications.userId, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, ids),
        eq(notifications.kind, 'new_task_nearby'),
        gt(notifications.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .groupBy(notifications.userId);
  const recent = new Map(counts.map((row) => [row.userId, Number(row.count)]));
  const chosen = candidates
    .filter((candidate) => (recent.get(candidate.user_id) ?? 0) < NEARBY_NOTICES_PER_HOUR)
    .slice(0, NEARBY_WORKERS_PER_TASK);
  const written = await notifyMany(
    tx,
    chosen.map((candidate) => ({
      userId: candidate.user_id,
      kind: 'new_task_nearby' as const,
      title: `New task near you: “${task.title}”`,
      body: `Pays ${formatMoney(task.budgetCents)}, ${formatDistance(Number(candidate.distance))} from you. Due ${formatZonedDateTime(task.deadline)}.`,
      taskId: task.id,
      link: `/worker/tasks/${task.id}`,
      dedupeKey: `new_task_nearby:${task.id}`,
    })),
  );
  return written.length;
}
