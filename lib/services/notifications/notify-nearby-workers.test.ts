import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as createTaskRoute } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { nearbyFanouts, notifications, workerAvailabilityRules, workerProfiles } from '@/db/schema';
import { insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { callAction, fundedPartiesForFile, taskBody } from '@/test/tasks';
import { insertWorkerProfile } from '@/test/workers';
import { NEARBY_NOTICES_PER_HOUR, NEARBY_WORKERS_PER_TASK, notifyNearbyWorkers } from './notify-nearby-workers';

// "New task near you": posting queues a fan-out; the job notifies the best nearby workers, at most 3 an hour each.

const parties = fundedPartiesForFile();

/** A spot of open sea of its own for each test (workers elsewhere in the test database stay out of range). */
let spotIndex = 0;
function spot() {
  spotIndex += 1;
  return { lat: -45 + ((spotIndex * 7 + Math.floor(Math.random() * 1000)) % 1000) / 50, lng: -140 + spotIndex * 0.9 };
}

type Spot = ReturnType<typeof spot>;

/** A listed worker (a human with a complete profile) `northMeters` north of `at`, with overrides. */
async function workerAt(at: Spot, northMeters = 0, overrides: Partial<typeof workerProfiles.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const user = await insertUser(db);
  await insertWorkerProfile(user.id, {
    isListed: true,
    lat: at.lat + northMeters / 111_320,
    lng: at.lng,
    defaultRadiusMeters: 25_000,
    ...overrides,
  });
  return user.id;
}

/** A task posted at `at` through POST /v1/tasks by the file's requester; returns its id. */
async function postTaskAt(at: Spot, overrides: Record<string, unknown> = {}) {
  const res = await call(createTaskRoute, '/v1/tasks', {
    token: parties.requester.token,
    body: taskBody({ title: 'Photograph the bakery front', location: { ...at, address: 'At sea' }, ...overrides }),
  });
  if (res.status !== 201) throw new Error(`POST /v1/tasks: ${res.status} ${res.text}`);
  return res.json.data.id as string;
}

async function noticesOf(userIds: string[]) {
  const { db } = await getDatabase();
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'new_task_nearby')));
}

async function run() {
  return notifyNearbyWorkers(await getDatabase(), { limit: 1000 });
}

describe('notifyNearbyWorkers', () => {
  it('notifies listed, available workers whose radius covers the task; not the others, nor the requester', async () => {
    const { db } = await getDatabase();
    const at = spot();
    const near = await workerAt(at, 2_000);
    const far = await workerAt(at, 30_000); // 30 km away, radius 25 km
    const farWithReach = await workerAt(at, 30_000, { defaultRadiusMeters: 50_000 });
    const smallRadius = await workerAt(at, 3_000, { defaultRadiusMeters: 2_000 });
    const unlisted = await workerAt(at, 1_000, { isListed: false });
    const unavailable = await workerAt(at, 1_000, { isAvailable: false });
    const offSchedule = await workerAt(at, 1_000);
    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, offSchedule));
    const elsewhere = (new Date().getUTCDay() + 3) % 7; // a schedule, but no window today
    await db.insert(workerAvailabilityRules).values({
      workerId: profile?.id ?? '',
      dayOfWeek: elsewhere,
      startMinute: 0,
      endMinute: 1440,
      timeZone: 'UTC',
    });
    await insertWorkerProfile(parties.requester.id, { isListed: true, lat: at.lat, lng: at.lng });

    const taskId = await postTaskAt(at);
    expect(await db.select().from(nearbyFanouts).where(eq(nearbyFanouts.taskId, taskId))).toHaveLength(1);
    await run();
    expect(await db.select().from(nearbyFanouts).where(eq(nearbyFanouts.taskId, taskId))).toEqual([]);

    const everyone = [near, far, farWithReach, smallRadius, unlisted, unavailable, offSchedule, parties.requester.id];
    const notices = await noticesOf(everyone);
    expect(notices.map((row) => row.userId).sort()).toEqual([near, farWithReach].sort());
    expect(notices.find((row) => row.userId === near)).toMatchObject({
      title: 'New task near you: “Photograph the bakery front”',
      body: expect.stringMatching(
        /^Pays \$20\.00, \d\.\d km from you\. Due [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\.$/,
      ),
      taskId,
      link: `/worker/tasks/${taskId}`,
      dedupeKey: `new_task_nearby:${taskId}`,
    });
  });

  it(`notifies at most ${NEARBY_WORKERS_PER_TASK}, the best by match score`, async () => {
    const at = spot();
    const workers: { id: string; rating: number }[] = [];
    for (let i = 0; i < 25; i++) {
      const rating = 1 + i * 0.15;
      workers.push({ id: await workerAt(at, 500, { averageRating: rating.toFixed(2) }), rating });
    }
    await postTaskAt(at);
    await run();
    const notified = (await noticesOf(workers.map((worker) => worker.id))).map((row) => row.userId).sort();
    const best = [...workers]
      .sort((a, b) => b.rating - a.rating)
      .slice(0, NEARBY_WORKERS_PER_TASK)
      .map((worker) => worker.id)
      .sort();
    expect(notified).toEqual(best);
  });

  it(`sends one worker at most ${NEARBY_NOTICES_PER_HOUR} notices an hour; the next best hears instead`, async () => {
    const at = spot();
    const busy = await workerAt(at, 100, { averageRating: '5.00' });
    for (let i = 0; i < NEARBY_NOTICES_PER_HOUR; i++) await postTaskAt(at);
    await run();
    expect(await noticesOf([busy])).toHaveLength(NEARBY_NOTICES_PER_HOUR);

    const other = await workerAt(at, 5_000, { averageRating: '1.00' });
    const fourth = await postTaskAt(at);
    await run();
    expect(await noticesOf([busy])).toHaveLength(NEARBY_NOTICES_PER_HOUR);
    expect((await noticesOf([other])).map((row) => row.taskId)).toEqual([fourth]);
  });

  it('holds the cap with two runs at once', async () => {
    const at = spot();
    const worker = await workerAt(at, 100);
    for (let i = 0; i < 6; i++) await postTaskAt(at);
    const results = await Promise.all([run(), run()]);
    expect(await noticesOf([worker])).toHaveLength(NEARBY_NOTICES_PER_HOUR);
    const handled = results.reduce((sum, result) => sum + result.tasks, 0);
    expect(handled).toBeGreaterThanOrEqual(6); // each task handled by exactly one of them (others' may be too)
  });

  it('notifies each worker once, however often the fan-out is rerun', async () => {
    const { db } = await getDatabase();
    const at = spot();
    const workers = [await workerAt(at, 100), await workerAt(at, 200)];
    const taskId = await postTaskAt(at);
    await Promise.all([run(), run()]);
    await db.insert(nearbyFanouts).values({ taskId }); // as if a retry queued it again
    await run();
    const notices = await noticesOf(workers);
    expect(notices.map((row) => row.userId).sort()).toEqual([...workers].sort());
  });

  it('notifies nobody of a remote task (none is queued), nor of a task no longer posted', async () => {
    const { db } = await getDatabase();
    const at = spot();
    const worker = await workerAt(at, 100);
    const remote = await postTaskAt(at, { location: undefined });
    expect(await db.select().from(nearbyFanouts).where(eq(nearbyFanouts.taskId, remote))).toEqual([]);
    const cancelled = await postTaskAt(at);
    expect((await callAction('cancel', cancelled, parties.requester.token)).status).toBe(200);
    await run();
    expect(await noticesOf([worker])).toEqual([]);
    expect(await db.select().from(nearbyFanouts).where(eq(nearbyFanouts.taskId, cancelled))).toEqual([]);
  });
});
