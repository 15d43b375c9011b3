import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type TaskSeries, type TaskSeriesOccurrence, taskSeriesOccurrences, tasks, users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { processorForTask } from '@/lib/payments/get-processor';
import type { TaskBody } from '@/lib/schemas/tasks';
import { AlreadyPosted, fundTask } from '@/lib/services/money/fund-task';
import type { FundingOutcome } from '@/lib/services/money/funding-outcome';
import { isCardRefusal } from '@/lib/services/money/is-card-refusal';
import { notify } from '@/lib/services/notifications/notify';
import { earlierTask } from '@/lib/services/tasks/earlier-task';
import { insertDraftTask } from '@/lib/services/tasks/insert-draft-task';
import { postFundedTask } from '@/lib/services/tasks/post-funded-task';
import { pauseForRefusal } from './pause-for-refusal';

const MINUTE_MS = 60_000;

export type OccurrenceResult = 'created' | 'paused' | 'dropped';

/**
 * Creates and funds one planned occurrence's task through the create-and-fund path of POST /v1/tasks, keyed
 * `series:<id>:<n>`: a rerun after a crash resumes its draft or finds its posted task, never making a second.
 * A card that cannot pay pauses the series; an error of unknown outcome leaves the occurrence to its lease.
 */
export async function createOccurrenceTask(
  db: Db,
  series: TaskSeries,
  occurrence: TaskSeriesOccurrence,
): Promise<OccurrenceResult> {
  // Paused since it was claimed. (A series the planner ended with its last occurrence still funds that one.)
  if (series.status === 'paused') {
    await settle(db, occurrence, { status: 'failed', failure: `The series was ${series.status}` });
    return 'dropped';
  }
  const [row] = await db.select().from(users).where(eq(users.id, series.requesterId));
  if (!row) throw new Error('series requester vanished');
  const user = toActorUser(row);
  const processor = processorForTask(db, series);
  const preferred = await lastWorkerOf(db, series.id);
  const now = Date.now();
  const reservation =
    preferred && series.preferredWorkerWindowMinutes > 0
      ? {
          reservedForWorkerId: preferred,
          reservedUntil: new Date(now + series.preferredWorkerWindowMinutes * MINUTE_MS),
        }
      : { reservedForWorkerId: null, reservedUntil: null };
  const body = {
    ...series.template,
    deadline: new Date(occurrence.occurrenceAt.getTime() + series.durationMinutes * MINUTE_MS).toISOString(),
  } as TaskBody;
  const creation = { key: `series:${series.id}:${occurrence.n}`, requestHash: 'series' };
  const draft = {
    requesterId: user.id,
    body,
    livemode: series.livemode,
    creation,
    series: { seriesId: series.id, occurrenceAt: occurrence.occurrenceAt, ...reservation },
  };
  const funder = {
    processor,
    user,
    viaApiKey: false,
    x402: { resource: `${env().SITE_URL}/v1/task-series/${series.id}`, payment: null },
  };
  let outcome: FundingOutcome;
  try {
    outcome = await fundTask(db, funder, {
      draft: async (tx) => {
        const earlier = await earlierTask(tx, user.id, creation);
        if (earlier && earlier.status !== 'draft') throw new AlreadyPosted(earlier);
        return earlier ?? insertDraftTask(tx, draft);
      },
      undo: (taskId) => db.delete(tasks).where(eq(tasks.id, taskId)),
      post: postFundedTask,
    });
  } catch (error) {
    if (!isCardRefusal(error)) throw error;
    await pauseForRefusal(db, occurrence, error.message);
    return 'paused';
  }
  if (outcome.kind !== 'posted') {
    const reason =
      outcome.kind === 'paymentRequired' ? (outcome.refusal.message ?? 'The card was refused') : 'Not funded';
    await pauseForRefusal(db, occurrence, reason);
    return 'paused';
  }
  const task = outcome.task;
  await db.transaction(async (tx) => {
    await tx
      .update(taskSeriesOccurrences)
      .set({ status: 'created', taskId: task.id, claimedUntil: null, updatedAt: new Date() })
      .where(eq(taskSeriesOccurrences.id, occurrence.id));
    if (!task.reservedForWorkerId || !task.reservedUntil) return;
    await notify(tx, {
      userId: task.reservedForWorkerId,
      kind: 'new_task_nearby',
      title: `Offered to you first: ${task.title}`.slice(0, 200),
      body: `You did this recurring task last time. It is yours to accept until ${task.reservedUntil.toISOString()}, then it opens to everyone.`,
      taskId: task.id,
      link: `/worker/tasks/${task.id}`,
      dedupeKey: `series_offer:${task.id}`,
    });
  });
  return 'created';
}

async function settle(db: Db, occurrence: TaskSeriesOccurrence, set: { status: 'failed'; failure: string }) {
  await db
    .update(taskSeriesOccurrences)
    .set({ ...set, claimedUntil: null, updatedAt: new Date() })
    .where(eq(taskSeriesOccurrences.id, occurrence.id));
}

/** The worker who most recently completed one of the series' tasks. */
async function lastWorkerOf(db: Db, seriesId: string): Promise<string | null> {
  const [row] = await db
    .select({ workerId: tasks.workerId })
    .from(tasks)
    .where(and(eq(tasks.seriesId, seriesId), eq(tasks.status, 'completed')))
    .orderBy(desc(tasks.completedAt))
    .limit(1);
  return row?.workerId ?? null;
}
