import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { createReview } from '@/lib/services/reviews/create-review';
import { hasReviewed } from '@/lib/services/reviews/has-reviewed';
import { findWorkerProfileId } from '@/lib/services/workers/find-worker-profile-id';
import { taskBetween, taskParties } from '@/test/tasks';
import { taskPartyNames } from './task-party-names';

describe('what a task page shows of its people', () => {
  it('names the requester (the agent) and the worker (their display name); null before anyone accepts', async () => {
    const { db } = await getDatabase();
    const parties = await taskParties();
    await db.update(workerProfiles).set({ displayName: 'Dana K.' }).where(eq(workerProfiles.userId, parties.worker.id));
    const task = await taskBetween(parties, 'accepted');
    expect(await taskPartyNames(db, task)).toEqual({ requester: 'Scout', worker: 'Dana K.' });
    const posted = await taskBetween(parties, 'posted');
    expect(await taskPartyNames(db, posted)).toEqual({ requester: 'Scout', worker: null });
  });

  it('finds the worker profile of a user, and null for a user without one', async () => {
    const { db } = await getDatabase();
    const parties = await taskParties();
    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, parties.worker.id));
    expect(await findWorkerProfileId(db, parties.worker.id)).toBe(profile?.id);
    expect(await findWorkerProfileId(db, parties.operator.id)).toBeNull();
  });

  it('tells whether a side has reviewed the task', async () => {
    const { db } = await getDatabase();
    const parties = await taskParties();
    const task = await taskBetween(parties, 'completed');
    expect(await hasReviewed(db, { taskId: task.id, side: 'requester' })).toBe(false);
    await createReview(db, { userId: parties.operator.id, taskId: task.id, rating: 5 });
    expect(await hasReviewed(db, { taskId: task.id, side: 'requester' })).toBe(true);
    expect(await hasReviewed(db, { taskId: task.id, side: 'worker' })).toBe(false);
  });
});
