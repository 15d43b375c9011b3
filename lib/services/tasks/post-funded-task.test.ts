import { describe, expect, it } from 'vitest';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { claimFundingSource } from '@/lib/services/money/claim-funding-source';
import { escrowBalance, expectApiError, payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';
import { lifecycleBody, taskEvents, taskRow } from '@/test/tasks';
import { insertDraftTask } from './insert-draft-task';
import { postFundedTask } from './post-funded-task';

// postFundedTask is the publish transition every funded draft takes (the funding routes and the claim page): it
// runs inside a caller's transaction when given one, posts only the funding it was told was claimed, and only with
// the task's whole total in its escrow.
withoutStripe();

/** A draft claimed for the card, charged `chargedCents` (its total by default; 0 charges nothing). */
async function claimedDraft(chargedCents?: number) {
  const { db, processor } = await paymentsSetup();
  const requester = await payerWithCard();
  const draft = await insertDraftTask(db, {
    requesterId: requester.id,
    body: taskBodySchema.parse(lifecycleBody()),
    livemode: false,
  });
  const { totalCents } = await claimFundingSource(db, draft.id, 'card');
  expect(totalCents).toBe(draft.totalCents);
  const amountCents = chargedCents ?? totalCents;
  if (amountCents > 0) {
    await chargeForTask(db, processor, { taskId: draft.id, payerId: requester.id, amountCents, description: 'test' });
  }
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

  it('refuses an escrow that does not hold the task’s total: 409, still a draft, no event', async () => {
    for (const charged of [0, 1_000]) {
      const { db, requester, draft } = await claimedDraft(charged);
      await expectApiError(postFundedTask(db, { user: requester, taskId: draft.id, source: 'card' }), 'CONFLICT', {
        status: 409,
        message: 'The payment held for this task does not match its price',
        details: { escrowCents: charged, totalCents: draft.totalCents },
      });
      expect(await taskRow(draft.id)).toMatchObject({ status: 'draft', publishedAt: null });
      expect(await taskEvents(draft.id, /./)).toEqual([]);
      expect(await escrowBalance(draft.id)).toBe(charged);
    }
  });
});
