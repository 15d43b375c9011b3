import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskClaims } from '@/db/schema';
import { claimRow, expireClaim, proposeTask, proposeTaskViaApi } from '@/test/cold-start';
import { insertUser } from '@/test/factories';
import { payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';
import { completeClaim } from './complete-claim';
import { listPendingClaims } from './list-pending-claims';
import { recordClaimOpening } from './record-claim-opening';

// "Needs your action" on the dashboard: the claim links a signed-in human opened (the claim page records it) and
// has not paid, while they are open. The opener is the last signed-in human on the page.

withoutStripe();

async function open(proposal: { humanToken: string; claimToken: string }, userId: string) {
  const { db } = await paymentsSetup();
  const claim = await claimRow(proposal.claimToken);
  await recordClaimOpening(db, { claimId: claim.id, humanToken: proposal.humanToken, userId });
}

describe('listPendingClaims() and recordClaimOpening()', () => {
  it('lists the open claims the human opened, newest first, with the link back to the claim page', async () => {
    const { db } = await paymentsSetup();
    const human = await insertUser(db);
    expect(await listPendingClaims(db, human.id)).toEqual([]);

    const first = await proposeTask({ title: 'Check the mailbox' });
    const second = await proposeTask({ title: 'Water the plants', budgetCents: 1_000 });
    await proposeTask({ title: 'Never opened' });
    await open(first, human.id);
    await open(second, human.id);

    expect(await listPendingClaims(db, human.id)).toEqual([
      {
        claimId: (await claimRow(second.claimToken)).id,
        title: 'Water the plants',
        totalCents: 1_150,
        expiresAt: expect.any(Date),
        path: `/claim/${second.humanToken}`,
      },
      {
        claimId: (await claimRow(first.claimToken)).id,
        title: 'Check the mailbox',
        totalCents: 2_875,
        expiresAt: expect.any(Date),
        path: `/claim/${first.humanToken}`,
      },
    ]);
    // The link is kept sealed, never in clear.
    const stored = await claimRow(first.claimToken);
    expect(stored.openedBy).toBe(human.id);
    expect(stored.openedLinkSealed).toMatch(/^v1\./);
    expect(stored.openedLinkSealed).not.toContain(first.humanToken);
  });

  it('drops a claim once paid or expired, and moves it to the last human who opened it', async () => {
    const { db, processor } = await paymentsSetup();
    const human = await payerWithCard();
    const other = await insertUser(db);

    const paid = await proposeTask({ title: 'Paid for' });
    await open(paid, human.id);
    await completeClaim(db, { processor, acceptTerms: true, humanToken: paid.humanToken, userId: human.id });

    const expired = await proposeTask({ title: 'Ran out' });
    await open(expired, human.id);
    await expireClaim(expired.claimToken);

    const shared = await proposeTask({ title: 'Forwarded link' });
    await open(shared, human.id);
    await open(shared, other.id);

    expect(await listPendingClaims(db, human.id)).toEqual([]);
    expect((await listPendingClaims(db, other.id)).map((claim) => claim.title)).toEqual(['Forwarded link']);

    // Paying erased the sealed link; opening a paid claim again records nothing.
    expect((await claimRow(paid.claimToken)).openedLinkSealed).toBeNull();
    await open(paid, other.id);
    expect((await claimRow(paid.claimToken)).openedBy).toBe(human.id);
    expect((await listPendingClaims(db, other.id)).map((claim) => claim.title)).toEqual(['Forwarded link']);
  });

  it('a proposal addressed to the human’s email is not theirs until they open it', async () => {
    const { db } = await paymentsSetup();
    const human = await insertUser(db);
    const res = await proposeTaskViaApi({ task: { title: 'Addressed to me' }, requesterEmail: human.email });
    expect(res.status).toBe(201);
    const [claim] = await db.select().from(taskClaims).where(eq(taskClaims.taskId, res.json.data.task.id));
    expect(claim?.requesterEmail).toBe(human.email);
    expect(await listPendingClaims(db, human.id)).toEqual([]);
  });
});
