import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listReviews } from '@/app/v1/workers/[id]/reviews/route';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { expectError } from '@/test/expect';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { taskBetween, taskParties } from '@/test/tasks';
import { POST as review } from './route';

const reviewOf = (taskId: string, token: string, body: unknown) =>
  call(review, `/v1/tasks/${taskId}/reviews`, { token, body, params: { id: taskId } });

async function profileOf(userId: string) {
  const { db } = await getDatabase();
  const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId));
  if (!profile) throw new Error('no profile');
  return profile;
}

describe('POST /v1/tasks/{id}/reviews', () => {
  it('lets each side review the other once and keeps the worker’s average rating', async () => {
    const parties = await taskParties();
    const first = await taskBetween(parties, 'completed');
    const second = await taskBetween(parties, 'completed');

    const byAgent = await reviewOf(first.id, parties.agent.token, { rating: 5, comment: 'Great photos' });
    expect(byAgent.status, byAgent.text).toBe(201);
    expect(byAgent.json.data).toMatchObject({
      taskId: first.id,
      side: 'requester',
      reviewerId: parties.agent.id,
      revieweeId: parties.worker.id,
      rating: 5,
      comment: 'Great photos',
    });
    // The operator is the same side as its agent: the side has reviewed already.
    const byOperator = await reviewOf(first.id, parties.operator.token, { rating: 1 });
    expectError(byOperator, 409, 'CONFLICT');
    // The operator reviews the second task; the average takes both.
    expect((await reviewOf(second.id, parties.operator.token, { rating: 2 })).status).toBe(201);
    const profile = await profileOf(parties.worker.id);
    expect(profile.averageRating).toBe('3.50');
    expect(profile.ratingCount).toBe(2);

    const byWorker = await reviewOf(first.id, parties.worker.token, { rating: 4 });
    expect(byWorker.status).toBe(201);
    expect(byWorker.json.data).toMatchObject({ side: 'worker', revieweeId: parties.agent.id });
    expectError(await reviewOf(first.id, parties.worker.token, { rating: 4 }), 409, 'CONFLICT');
    // The worker's review of the requester does not touch the worker's own rating.
    expect((await profileOf(parties.worker.id)).ratingCount).toBe(2);

    const listed = await call(listReviews, `/v1/workers/${profile.id}/reviews`, {
      token: parties.agent.token,
      params: { id: profile.id },
      query: { limit: '1' },
    });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(1);
    expect(listed.json.data[0]).toMatchObject({ taskId: second.id, rating: 2 });
    expect(listed.json.hasMore).toBe(true);
    const next = await call(listReviews, `/v1/workers/${profile.id}/reviews`, {
      token: parties.agent.token,
      params: { id: profile.id },
      query: { cursor: listed.json.nextCursor },
    });
    expect(next.json.data.map((r: { taskId: string }) => r.taskId)).toEqual([first.id]);
  });

  it('refuses reviews before completion, out-of-range ratings, and outsiders', async () => {
    const parties = await taskParties();
    const open = await taskBetween(parties, 'submitted');
    expectError(await reviewOf(open.id, parties.agent.token, { rating: 5 }), 409, 'CONFLICT');

    const done = await taskBetween(parties, 'completed');
    for (const rating of [0, 6, 4.5, '5']) {
      expectError(await reviewOf(done.id, parties.agent.token, { rating }), 400, 'VALIDATION_ERROR');
    }
    expectError(await reviewOf(done.id, parties.agent.token, { rating: 5, extra: true }), 400, 'VALIDATION_ERROR');

    const outsider = await signUpViaApi('outsider');
    expectError(await reviewOf(done.id, outsider.token, { rating: 1 }), 404, 'NOT_FOUND');
    const res = await call(review, `/v1/tasks/${done.id}/reviews`, { body: { rating: 1 }, params: { id: done.id } });
    expectError(res, 401, 'UNAUTHORIZED');
    expect((await profileOf(parties.worker.id)).ratingCount).toBe(0);
  });

  it('shows the reviews of a worker who unlisted (listing governs search only), 404 for an unknown id', async () => {
    const parties = await taskParties();
    const { db } = await getDatabase();
    await db.update(workerProfiles).set({ isListed: false }).where(eq(workerProfiles.userId, parties.worker.id));
    const profile = await profileOf(parties.worker.id);
    const path = `/v1/workers/${profile.id}/reviews`;
    for (const token of [parties.agent.token, parties.worker.token]) {
      const res = await call(listReviews, path, { token, params: { id: profile.id } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: [], nextCursor: null, hasMore: false });
    }
    const unknown = crypto.randomUUID();
    expectError(
      await call(listReviews, `/v1/workers/${unknown}/reviews`, {
        token: parties.agent.token,
        params: { id: unknown },
      }),
      404,
      'NOT_FOUND',
    );
  });
});
