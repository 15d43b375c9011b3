import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { insertUser } from '@/test/factories';
import { expectApiError } from '@/test/payments';
import { lifecycleBody, taskEvents, taskRow } from '@/test/tasks';
import { claimFundingSource } from './claim-funding-source';
import { insertDraftTask } from './insert-draft-task';
import { postFundedTask } from './post-funded-task';

// postFundedTask is the publish transition every funded draft takes (the funding routes and the claim page): it
// runs inside a caller's transaction when given one, and posts only the funding it was told was claimed.

async function claimedDraft() {
  const { db } = await getDatabase();
  const requester = await insertUser(db);
  const draft = await insertDraftTask(db, {
    requesterId: requester.id,
    body: taskBodySchema.parse(lifecycleBody()),
    livemode: false,
  });
  await claimFundingSource(db, draft.id, 'card');
  return { db, requester, draft };
}

describe('postFundedTask()', () => {
  it('posts inside the caller’s transaction, and is undone with it: still a draft, no event', async () => {
    const { db, requester, draft } = await claimedDraft();
    const rolledBack = new Error('the caller’s next step failed');
    await expect(
      db.transaction(async (tx) => {
        const posted = await postFundedTask(tx, { user: requester, taskId: draft.id, source: 'card' });
        expect(posted.status).toBe('posted');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await taskRow(draft.id)).status).toBe('draft');
    expect(await taskEvents(draft.id, /./)).toEqual([]);

    const posted = await postFundedTask(db, { user: requester, taskId: draft.id, source: 'card' });
    expect(posted).toMatchObject({ status: 'posted', publishedAt: expect.any(Date) });
    // One transaction: both events share created_at, so their order is the random id's; compare sorted by type.
    const events = (await taskEvents(draft.id, /./)).sort((a, b) => a.type.localeCompare(b.type));
    expect(events.map((event) => [event.type, event.data.previousStatus])).toEqual([
      ['payment.succeeded', undefined],
      ['task.posted', 'draft'],
    ]);
  });

  it('refuses a draft whose funding is claimed by another path: 409, still a draft', async () => {
    const { db, requester, draft } = await claimedDraft();
    await expectApiError(postFundedTask(db, { user: requester, taskId: draft.id, source: 'x402' }), 'CONFLICT', {
      message: 'This task is already being funded by another request',
    });
    expect((await taskRow(draft.id)).status).toBe('draft');
  });
});
