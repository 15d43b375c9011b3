import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { listOpenTasks } from '@/lib/services/tasks/list-open-tasks';
import { envelope, validationEnvelope } from '@/test/expect';
import { listTaskOffers, makeOffer, offerNotices, offerRow, withdrawTaskOffer } from '@/test/offers';
import { anotherWorker, callAction, fundedPartiesForFile, taskEvents, taskInStatus } from '@/test/tasks';

const parties = fundedPartiesForFile();

async function setMinPrice(userId: string, minPriceCents: number | null) {
  const { db } = await getDatabase();
  await db.update(workerProfiles).set({ minPriceCents }).where(eq(workerProfiles.userId, userId));
}

describe('POST /v1/tasks/{id}/offers', () => {
  it('stores a pending offer that expires in 24 h, tells the requester, and lists it for them', async () => {
    const task = await taskInStatus(parties, 'posted');
    const res = await makeOffer(task.id, parties.worker.token, { priceCents: 1_800, message: 'Can do it today' });
    expect(res.status, res.text).toBe(201);
    const offer = res.json.data;
    expect(offer).toMatchObject({ taskId: task.id, workerId: parties.worker.id, priceCents: 1_800, status: 'pending' });
    const hours = (new Date(offer.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await offerNotices(parties.requester.id, task.id)).toHaveLength(1);
    expect((await taskEvents(task.id, /^offer\./)).map((event) => event.type)).toEqual(['offer.created']);

    const list = await listTaskOffers(task.id, parties.requester.token);
    expect(list.status, list.text).toBe(200);
    expect(list.json.data.map((row: { id: string }) => row.id)).toEqual([offer.id]);
  });

  it('replaces the worker’s pending offer with the new one', async () => {
    const task = await taskInStatus(parties, 'posted');
    const first = (await makeOffer(task.id, parties.worker.token, { priceCents: 1_900 })).json.data;
    const second = await makeOffer(task.id, parties.worker.token, { priceCents: 1_700 });
    expect(second.status, second.text).toBe(201);
    expect((await offerRow(first.id)).status).toBe('withdrawn');
    const list = (await listTaskOffers(task.id, parties.requester.token)).json.data;
    expect(list.map((row: { status: string; priceCents: number }) => [row.status, row.priceCents])).toEqual([
      ['pending', 1_700],
      ['withdrawn', 1_900],
    ]);
  });

  it('never lasts past the task’s deadline', async () => {
    const deadline = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const task = await taskInStatus(parties, 'posted', { deadline });
    const res = await makeOffer(task.id, parties.worker.token, { priceCents: 1_500, expiresInMinutes: 10_080 });
    expect(res.status, res.text).toBe(201);
    expect(new Date(res.json.data.expiresAt).getTime()).toBe(new Date(deadline).getTime());
  });

  it('refuses an offer on your own task', async () => {
    const task = await taskInStatus(parties, 'posted');
    const res = await makeOffer(task.id, parties.requester.token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual(envelope('CANNOT_OFFER_OWN_TASK'));
  });

  it('refuses an unlisted worker, and a task that is no longer posted', async () => {
    const task = await taskInStatus(parties, 'posted');
    const unlisted = await anotherWorker(false);
    const res = await makeOffer(task.id, unlisted.token);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    const taken = await taskInStatus(parties, 'accepted');
    const late = await makeOffer(taken.id, (await anotherWorker()).token);
    expect(late.status).toBe(404);
  });

  it('names the field of a bad amount, expiry, message or time', async () => {
    const task = await taskInStatus(parties, 'posted');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priceCents: 12.5 }, 'priceCents', 'Must be a whole number of cents'],
      [{ priceCents: 499 }, 'priceCents', 'Must be at least 500 cents'],
      [{ priceCents: 1_000_001 }, 'priceCents', 'Must be at most 1000000 cents'],
      [{ priceCents: 1_500, expiresInMinutes: 14 }, 'expiresInMinutes', 'Must be at least 15'],
      [{ priceCents: 1_500, expiresInMinutes: 10_081 }, 'expiresInMinutes', 'Must be at most 10080'],
    ];
    for (const [body, field, message] of cases) {
      const res = await makeOffer(task.id, parties.worker.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual(validationEnvelope([{ path: [field], message }]));
    }
    const long = await makeOffer(task.id, parties.worker.token, { priceCents: 1_500, message: 'x'.repeat(1_001) });
    expect(long.status).toBe(400);
    expect(long.json.error.issues[0].path).toEqual(['message']);
    const after = new Date(task.deadline.getTime() + 3_600_000).toISOString();
    const late = await makeOffer(task.id, parties.worker.token, { priceCents: 1_500, proposedTime: after });
    expect(late.status).toBe(400);
    expect(late.json.error.issues[0].path).toEqual(['proposedTime']);
  });
});

describe('a worker’s minimum price', () => {
  it('hides cheaper tasks from their list, refuses their accept, and bounds their offers', async () => {
    const { db } = await getDatabase();
    const worker = await anotherWorker();
    const task = await taskInStatus(parties, 'posted'); // a 2,000-cent budget
    await setMinPrice(worker.id, 2_500);
    const open = await listOpenTasks(db, worker.id, { limit: 100, livemode: false });
    expect(open.data.map((row) => row.id)).not.toContain(task.id);

    const accept = await callAction('accept', task.id, worker.token);
    expect(accept.status).toBe(409);
    expect(accept.json.error).toMatchObject({
      code: 'BELOW_MIN_PRICE',
      details: { budgetCents: 2_000, minPriceCents: 2_500 },
    });

    const low = await makeOffer(task.id, worker.token, { priceCents: 2_400 });
    expect(low.status).toBe(400);
    expect(low.json).toEqual(
      validationEnvelope([{ path: ['priceCents'], message: 'Must be at least your minimum price, 2500 cents' }]),
    );
    expect((await makeOffer(task.id, worker.token, { priceCents: 2_500 })).status).toBe(201);

    await setMinPrice(worker.id, null);
    const again = await listOpenTasks(db, worker.id, { limit: 100, livemode: false });
    expect(again.data.map((row) => row.id)).toContain(task.id);
  });
});

describe('GET /v1/tasks/{id}/offers', () => {
  it('ranks by rating, closeness and price, and is the requester’s only', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(parties, 'posted'); // in Berlin, 52.4995, 13.4187
    const near = await anotherWorker();
    const far = await anotherWorker();
    await db
      .update(workerProfiles)
      .set({ lat: 52.5, lng: 13.42, averageRating: '5.00', ratingCount: 4, displayName: 'Near' })
      .where(eq(workerProfiles.userId, near.id));
    await db
      .update(workerProfiles)
      .set({ lat: 48.85, lng: 2.35, averageRating: '2.00', ratingCount: 1, displayName: 'Far' })
      .where(eq(workerProfiles.userId, far.id));
    const cheapFar = (await makeOffer(task.id, far.token, { priceCents: 1_000 })).json.data;
    const dearNear = (await makeOffer(task.id, near.token, { priceCents: 2_000 })).json.data;
    const list = await listTaskOffers(task.id, parties.requester.token);
    expect(list.json.data.map((row: { id: string }) => row.id)).toEqual([dearNear.id, cheapFar.id]);
    // Near: 0.5 × 5/5 + 0.3 × (1 − ~0.1 km / 50 km) + 0.2 × min(1, 2000/2000)
    expect(list.json.data[0]).toMatchObject({ workerName: 'Near', workerRating: '5.00', workerReviewCount: 4 });
    expect(list.json.data[0].score).toBeCloseTo(1, 2);
    expect(list.json.data[1].distanceMeters).toBeGreaterThan(800_000);
    expect(list.json.data[1].score).toBeCloseTo(0.2 + 0 + 0.2, 3);

    expect((await listTaskOffers(task.id, near.token)).status).toBe(404);
  });

  it('shows an offer past its expiry as expired, after the live ones', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(parties, 'posted');
    const other = await anotherWorker();
    const old = (await makeOffer(task.id, parties.worker.token, { priceCents: 1_500 })).json.data;
    const live = (await makeOffer(task.id, other.token, { priceCents: 1_900 })).json.data;
    await db.execute(`update task_offers set expires_at = now() - interval '1 minute' where id = '${old.id}'`);
    const list = (await listTaskOffers(task.id, parties.requester.token)).json.data;
    expect(list.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([
      [live.id, 'pending'],
      [old.id, 'expired'],
    ]);
  });
});

describe('POST /v1/tasks/{id}/offers/{offerId}/withdraw', () => {
  it('lets the worker take it back once, and no one else', async () => {
    const task = await taskInStatus(parties, 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token)).json.data;
    expect((await withdrawTaskOffer(task.id, offer.id, parties.requester.token)).status).toBe(404);
    const res = await withdrawTaskOffer(task.id, offer.id, parties.worker.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('withdrawn');
    const again = await withdrawTaskOffer(task.id, offer.id, parties.worker.token);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'OFFER_NOT_PENDING', details: { status: 'withdrawn' } });
  });
});
