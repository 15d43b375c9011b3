import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { priceTask } from '@/lib/tasks/task-rules';
import { insertUser } from '@/test/factories';
import { insertWorkerProfile } from '@/test/workers';
import { listOpenTasks } from './list-open-tasks';

// Each test places its worker at a spot of its own, with a skill nobody else uses, so tasks other tests leave
// in the shared database never rank among (or above) its own.
const DAY = 24 * 3_600_000;
let spot = 0;
function uniqueSpot() {
  spot += 1;
  return { lat: -40 + ((process.pid * 7 + spot * 3) % 70) + Math.random() * 0.5, lng: -170 + Math.random() * 300 };
}

/** Meters north of a point, in degrees of latitude. */
const north = (meters: number) => meters / 111_195;

async function insertPostedTask(requesterId: string, values: Partial<typeof tasks.$inferInsert>): Promise<Task> {
  const { db } = await getDatabase();
  const [task] = await db
    .insert(tasks)
    .values({
      requesterId,
      title: 'Open task',
      category: 'errands',
      ...priceTask(1_000),
      deadline: new Date(Date.now() + 3 * DAY),
      status: 'posted',
      livemode: false,
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  if (!task) throw new Error('task insert failed');
  return task;
}

async function scene() {
  const { db } = await getDatabase();
  const requester = await insertUser(db, { type: 'human' });
  const worker = await insertUser(db, { type: 'human' });
  const here = uniqueSpot();
  const skill = `skill-${randomUUID().slice(0, 8)}`;
  await insertWorkerProfile(worker.id, {
    isListed: true,
    lat: here.lat,
    lng: here.lng,
    defaultRadiusMeters: 10_000,
    skills: [skill, 'Driving'],
  });
  return { db, requester, worker, here, skill };
}

describe('listOpenTasks', () => {
  it('lists posted tasks within the radius and remote ones, best match first, with distance and matched skills', async () => {
    const { db, requester, worker, here, skill } = await scene();
    const nearMatch = await insertPostedTask(requester.id, {
      title: 'near, skills match',
      lat: here.lat + north(1_000),
      lng: here.lng,
      requiredSkills: [skill.toUpperCase(), 'driving'],
    });
    const farMatch = await insertPostedTask(requester.id, {
      title: 'far, skills match',
      lat: here.lat + north(3_000),
      lng: here.lng,
      requiredSkills: [skill],
    });
    const nearNoMatch = await insertPostedTask(requester.id, {
      title: 'near, other skill',
      lat: here.lat + north(500),
      lng: here.lng,
      requiredSkills: ['plumbing'],
    });
    const remoteMatch = await insertPostedTask(requester.id, { title: 'remote', requiredSkills: [skill] });
    const outside = await insertPostedTask(requester.id, {
      lat: here.lat + north(12_000),
      lng: here.lng,
      requiredSkills: [skill],
    });
    const accepted = await insertPostedTask(requester.id, {
      lat: here.lat,
      lng: here.lng,
      requiredSkills: [skill],
      status: 'accepted',
      workerId: requester.id,
    });
    const overdue = await insertPostedTask(requester.id, {
      lat: here.lat,
      lng: here.lng,
      requiredSkills: [skill],
      deadline: new Date(Date.now() - 60_000),
    });

    const result = await listOpenTasks(db, worker.id, { limit: 1_000 });
    expect(result).toMatchObject({ listed: true, hasLocation: true, radiusMeters: 10_000 });
    const mine = new Set([nearMatch, farMatch, nearNoMatch, remoteMatch, outside, accepted, overdue].map((t) => t.id));
    const ours = result.data.filter((task) => mine.has(task.id));
    expect(ours.map((task) => task.title)).toEqual([
      'near, skills match',
      'far, skills match',
      'remote',
      'near, other skill',
    ]);

    const [first, second, third, fourth] = ours;
    expect(first?.distanceMeters).toBeGreaterThan(950);
    expect(first?.distanceMeters).toBeLessThan(1_050);
    expect(first?.matchedSkills.sort()).toEqual([skill.toUpperCase(), 'driving'].sort());
    expect(first?.matchScore).toBeCloseTo(0.6 + 0.4 * (1 - (first?.distanceMeters ?? 0) / 10_000), 2);
    expect(second?.matchedSkills).toEqual([skill]);
    expect(third).toMatchObject({ distanceMeters: null, matchedSkills: [skill], matchScore: 0.8, location: null });
    expect(fourth?.matchedSkills).toEqual([]);
    // A browsing worker never sees the private instructions.
    expect(first).not.toHaveProperty('instructions');
  });

  it('never lists the worker’s own requests nor their agents’', async () => {
    const { db, worker, here, skill } = await scene();
    const agent = await insertUser(db, { type: 'agent', ownerId: worker.id, email: null });
    const own = await insertPostedTask(worker.id, { lat: here.lat, lng: here.lng, requiredSkills: [skill] });
    const agents = await insertPostedTask(agent.id, { requiredSkills: [skill] });
    const result = await listOpenTasks(db, worker.id, { limit: 1_000 });
    const ids = result.data.map((task) => task.id);
    expect(ids).not.toContain(own.id);
    expect(ids).not.toContain(agents.id);
  });

  it('shows only remote tasks to a listed worker without a location, and nothing to an unlisted one', async () => {
    const { db, requester, here, skill } = await scene();
    const nowhere = await insertUser(db, { type: 'human' });
    await insertWorkerProfile(nowhere.id, { isListed: true, lat: null, lng: null, skills: [skill] });
    const near = await insertPostedTask(requester.id, { lat: here.lat, lng: here.lng, requiredSkills: [skill] });
    const remote = await insertPostedTask(requester.id, { requiredSkills: [skill] });
    const located = await listOpenTasks(db, nowhere.id, { limit: 1_000 });
    expect(located.hasLocation).toBe(false);
    const ids = located.data.map((task) => task.id);
    expect(ids).toContain(remote.id);
    expect(ids).not.toContain(near.id);

    const unlisted = await insertUser(db, { type: 'human' });
    await insertWorkerProfile(unlisted.id, { isListed: false, lat: here.lat, lng: here.lng });
    expect(await listOpenTasks(db, unlisted.id, { limit: 100 })).toEqual({
      listed: false,
      hasLocation: false,
      radiusMeters: null,
      data: [],
    });
    const stranger = await insertUser(db, { type: 'human' });
    expect((await listOpenTasks(db, stranger.id, { limit: 100 })).listed).toBe(false);
  });

  it('keeps the limit', async () => {
    const { db, requester, worker, here, skill } = await scene();
    for (let i = 0; i < 3; i++) {
      await insertPostedTask(requester.id, { lat: here.lat, lng: here.lng, requiredSkills: [skill] });
    }
    expect((await listOpenTasks(db, worker.id, { limit: 2 })).data).toHaveLength(2);
  });

  it('filters by distance, category and minimum pay, and pages with an offset', async () => {
    const { db, requester, worker, here, skill } = await scene();
    const category = `cat-${randomUUID().slice(0, 8)}`;
    const at = (meters: number) => ({ lat: here.lat + north(meters), lng: here.lng });
    const near = await insertPostedTask(requester.id, { ...at(1_000), category, ...priceTask(2_000) });
    const far = await insertPostedTask(requester.id, { ...at(8_000), category, ...priceTask(3_000) });
    const cheap = await insertPostedTask(requester.id, { ...at(500), category, ...priceTask(600) });
    const remote = await insertPostedTask(requester.id, { category, ...priceTask(5_000) });
    const otherCategory = await insertPostedTask(requester.id, { ...at(500), requiredSkills: [skill] });
    const ids = async (options: Omit<Parameters<typeof listOpenTasks>[2], 'limit'>) =>
      (await listOpenTasks(db, worker.id, { limit: 1_000, ...options })).data.map((task) => task.id);

    const inCategory = await ids({ category });
    expect(new Set(inCategory)).toEqual(new Set([near.id, far.id, cheap.id, remote.id]));
    expect(inCategory).not.toContain(otherCategory.id);
    expect(new Set(await ids({ category, maxDistanceMeters: 5_000 }))).toEqual(new Set([near.id, cheap.id, remote.id]));
    expect(new Set(await ids({ category, minBudgetCents: 2_000 }))).toEqual(new Set([near.id, far.id, remote.id]));
    // A distance above the profile's radius is the radius.
    expect(new Set(await ids({ category, maxDistanceMeters: 1_000_000 }))).toEqual(new Set(inCategory));

    const pageOne = (await listOpenTasks(db, worker.id, { limit: 2, category })).data.map((task) => task.id);
    const pageTwo = (await listOpenTasks(db, worker.id, { limit: 2, offset: 2, category })).data.map((task) => task.id);
    expect([...pageOne, ...pageTwo]).toEqual(inCategory);
  });
});
