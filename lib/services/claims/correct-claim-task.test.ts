import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskClaims, tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { claimRow, expireClaim, proposeTask } from '@/test/cold-start';
import { correctClaimTask } from './correct-claim-task';

async function taskRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

describe('correctClaimTask: the human corrects the proposal before paying', () => {
  it('changes place, budget and deadline of the draft, repricing it', async () => {
    const { db } = await getDatabase();
    const proposal = await proposeTask({ title: 'Check the mailbox', budgetCents: 2_000 });
    const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const updated = await correctClaimTask(db, {
      humanToken: proposal.humanToken,
      patch: { budgetCents: 3_000, deadline, location: { lat: 52.52, lng: 13.405, address: 'Berlin' } },
    });
    expect(updated).toMatchObject({ budgetCents: 3_000, platformFeeCents: 450, totalCents: 3_450, status: 'draft' });
    expect(await taskRow(proposal.task.id)).toMatchObject({
      budgetCents: 3_000,
      totalCents: 3_450,
      lat: 52.52,
      lng: 13.405,
      address: 'Berlin',
      deadline: new Date(deadline),
    });
  });

  it('gives a remote proposal a place (a picked city) and keeps its price', async () => {
    const { db } = await getDatabase();
    const proposal = await proposeTask({ title: 'Water the plants', budgetCents: 2_500 });
    const before = await taskRow(proposal.task.id);
    expect(before?.lat).toBeNull();
    await correctClaimTask(db, {
      humanToken: proposal.humanToken,
      patch: {
        budgetCents: 2_500,
        location: { lat: 52.52437, lng: 13.41053, address: 'Berlin', precision: 'city' },
      },
    });
    expect(await taskRow(proposal.task.id)).toMatchObject({
      lat: 52.52437,
      address: 'Berlin',
      placePrecision: 'city',
      totalCents: before?.totalCents,
    });
  });

  it('refuses an unknown, expired or used link and a draft being paid for', async () => {
    const { db } = await getDatabase();
    const patch = { budgetCents: 3_000 };
    await expect(correctClaimTask(db, { humanToken: 'A'.repeat(43), patch })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const expired = await proposeTask();
    await expireClaim(expired.claimToken);
    await expect(correctClaimTask(db, { humanToken: expired.humanToken, patch })).rejects.toMatchObject({
      code: 'CLAIM_EXPIRED',
    });

    const claimed = await proposeTask();
    await db
      .update(taskClaims)
      .set({ claimedAt: sql`now()` })
      .where(eq(taskClaims.id, (await claimRow(claimed.claimToken)).id));
    await expect(correctClaimTask(db, { humanToken: claimed.humanToken, patch })).rejects.toMatchObject({
      code: 'CLAIM_ALREADY_USED',
    });

    const paying = await proposeTask();
    await db.update(tasks).set({ fundingSource: 'card' }).where(eq(tasks.id, paying.task.id));
    const error = await correctClaimTask(db, { humanToken: paying.humanToken, patch }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect((await taskRow(paying.task.id))?.budgetCents).toBe(paying.task.budgetCents);
  });
});
