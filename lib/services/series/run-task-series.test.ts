import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATCH as patchSeriesRoute } from '@/app/v1/task-series/[id]/route';
import { POST as createSeriesRoute } from '@/app/v1/task-series/route';
import { getDatabase } from '@/db/client';
import { events, nearbyFanouts, taskSeries, tasks } from '@/db/schema';
import { listOpenTasks } from '@/lib/services/tasks/list-open-tasks';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { notificationsOf } from '@/test/notifications';
import { addCard, escrowBalance } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { anotherWorker, callAction, fundedPartiesForFile, lifecycleBody } from '@/test/tasks';
import { runTaskSeries } from './run-task-series';

const parties = fundedPartiesForFile();
const HOUR = 3_600_000;

/** A daily series whose first occurrence starts in an hour: with the 48 h lead the first two are due at once. */
function dailyBody(overrides: Record<string, unknown> = {}) {
  const { deadline: _deadline, ...template } = lifecycleBody();
  return {
    template,
    firstOccurrenceAt: new Date(Date.now() + HOUR).toISOString(),
    durationMinutes: 180,
    cadence: { kind: 'days', everyDays: 1 },
    count: 3,
    ...overrides,
  };
}

async function createSeries(token: string, body: Record<string, unknown> = dailyBody()) {
  const res = await call(createSeriesRoute, '/v1/task-series', { token, body, ip: uniqueIp() });
  if (res.status !== 201) throw new Error(`series not created: ${res.status} ${res.text}`);
  return res.json.data as { id: string; upcoming: { occurrenceAt: string }[] };
}

async function seriesTasks(seriesId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.seriesId, seriesId)).orderBy(tasks.occurrenceAt);
}

/** Moves the series' next occurrence into its lead time, as time passing would. */
async function makeNextDue(seriesId: string) {
  const { db } = await getDatabase();
  await db
    .update(taskSeries)
    .set({ nextPlanAt: new Date(Date.now() - 1000) })
    .where(eq(taskSeries.id, seriesId));
}

describe('the recurring-task job', () => {
  it('creates and funds each due occurrence once, however often it runs', async () => {
    const { db } = await getDatabase();
    const series = await createSeries(parties.agent.token);
    await Promise.all([runTaskSeries(db), runTaskSeries(db)]);
    await runTaskSeries(db);
    const created = await seriesTasks(series.id);
    expect(created).toHaveLength(2);
    for (const [index, task] of created.entries()) {
      expect(task).toMatchObject({ status: 'posted', fundingSource: 'card', requesterId: parties.agent.id });
      expect(task.occurrenceAt?.toISOString()).toBe(series.upcoming[index]?.occurrenceAt);
      expect(task.deadline.getTime()).toBe((task.occurrenceAt?.getTime() ?? 0) + 180 * 60_000);
      expect(task.creationKey).toBe(`series:${series.id}:${index + 1}`);
      expect(await escrowBalance(task.id)).toBe(task.totalCents);
    }
    const [row] = await db.select().from(taskSeries).where(eq(taskSeries.id, series.id));
    expect(row).toMatchObject({ status: 'active', nextIndex: 3 });
  });

  it('offers the next occurrence to the last worker first, then to everyone', async () => {
    const { db } = await getDatabase();
    const series = await createSeries(parties.agent.token, dailyBody({ preferredWorkerWindowMinutes: 60 }));
    await runTaskSeries(db);
    const [first] = await seriesTasks(series.id);
    if (!first) throw new Error('no first occurrence');
    for (const action of ['accept', 'submit', 'approve'] as const) {
      const token = action === 'approve' ? parties.requester.token : parties.worker.token;
      expect((await callAction(action, first.id, token)).status).toBe(200);
    }
    await makeNextDue(series.id);
    await runTaskSeries(db);
    const third = (await seriesTasks(series.id))[2];
    if (!third) throw new Error('no third occurrence');
    expect(third.reservedForWorkerId).toBe(parties.worker.id);
    expect(third.reservedUntil?.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);

    const other = await anotherWorker();
    const openTo = async (userId: string) =>
      (await listOpenTasks(db, userId, { limit: 100, livemode: false })).data.map((task) => task.id);
    expect(await openTo(other.id)).not.toContain(third.id);
    expect(await openTo(parties.worker.id)).toContain(third.id);
    const refused = await callAction('accept', third.id, other.token);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('TASK_RESERVED');
    expect(refused.json.error.details.reservedUntil).toBe(third.reservedUntil?.toISOString());
    expect((await notificationsOf(parties.worker.id)).map((n: { title: string }) => n.title)).toContain(
      `Offered to you first: ${third.title}`,
    );
    expect(await db.select().from(nearbyFanouts).where(eq(nearbyFanouts.taskId, third.id))).toHaveLength(0);

    await db
      .update(tasks)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tasks.id, third.id));
    const counts = await runTaskSeries(db);
    expect(counts.released).toBeGreaterThanOrEqual(1);
    expect(await openTo(other.id)).toContain(third.id);
    expect(await db.select().from(nearbyFanouts).where(eq(nearbyFanouts.taskId, third.id))).toHaveLength(1);
    expect((await callAction('accept', third.id, other.token)).status).toBe(200);
    // The second occurrence, posted before anyone completed one, was never reserved.
    expect((await seriesTasks(series.id))[1]?.reservedForWorkerId).toBeNull();
  });

  it('pauses on a declined card and leaves no task behind', async () => {
    const { db } = await getDatabase();
    const requester = await signUpViaApi('declined');
    await addCard({ id: requester.userId, email: null }, '4000 0000 0000 9995');
    const series = await createSeries(requester.token);
    const counts = await runTaskSeries(db);
    expect(counts.paused).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(taskSeries).where(eq(taskSeries.id, series.id));
    expect(row?.status).toBe('paused');
    expect(row?.pausedReason).toMatch(/declined|insufficient|funds/i);
    expect(await db.select().from(tasks).where(eq(tasks.requesterId, requester.userId))).toEqual([]);
    const notices = await notificationsOf(requester.userId);
    expect(notices.map((n: { kind: string }) => n.kind)).toContain('task_series_paused');
    const paused = await db
      .select()
      .from(events)
      .where(and(eq(events.type, 'task_series.paused'), sql`${events.data}->'series'->>'id' = ${series.id}`));
    expect(paused).toHaveLength(1);
    expect(paused[0]?.data).toMatchObject({ reason: row?.pausedReason });
    // Paused: another round creates nothing.
    await makeNextDue(series.id);
    await runTaskSeries(db);
    expect(await db.select().from(tasks).where(eq(tasks.requesterId, requester.userId))).toEqual([]);
  });

  it('applies an edit from the next occurrence not yet created', async () => {
    const { db } = await getDatabase();
    const series = await createSeries(parties.requester.token);
    await runTaskSeries(db);
    const patched = await call(patchSeriesRoute, `/v1/task-series/${series.id}`, {
      params: { id: series.id },
      token: parties.requester.token,
      body: { template: { budgetCents: 3_000, title: 'Water the plants' } },
      ip: uniqueIp(),
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data.template).toMatchObject({ budgetCents: 3_000, title: 'Water the plants' });
    await makeNextDue(series.id);
    await runTaskSeries(db);
    const created = await seriesTasks(series.id);
    expect(created.map((task) => task.budgetCents)).toEqual([2_000, 2_000, 3_000]);
    expect(created[2]?.title).toBe('Water the plants');
  });

  it('refuses a template edit that breaks the template, naming the field', async () => {
    const series = await createSeries(parties.requester.token);
    const res = await call(patchSeriesRoute, `/v1/task-series/${series.id}`, {
      params: { id: series.id },
      token: parties.requester.token,
      body: { template: { location: null, proofRequirements: ['gps'] } },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues[0].path[0]).toBe('template');
    expect(envelope('VALIDATION_ERROR').error.hint).toBe(res.json.error.hint);
  });
});
