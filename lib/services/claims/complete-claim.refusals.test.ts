import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalAcceptances } from '@/db/schema';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { claimState, INSUFFICIENT_FUNDS_CARD, UNCLAIMED } from '@/test/claims-paying';
import { expireClaim, pollClaimViaApi, proposeTask } from '@/test/cold-start';
import {
  chargeRows,
  escrowBalance,
  expectApiError,
  payerWithCard,
  paymentsSetup,
  taskLedger,
  withoutStripe,
} from '@/test/payments';
import { completeClaim } from './complete-claim';

// The claim page's last step, refused: each refusal leaves the claim open and charges nothing. Called as the page
// calls it (a human with a saved test card, the test-mode processor, the human claim link's token).
withoutStripe();

describe('completeClaim(): refusals', () => {
  it('without the Terms accepted: 400 VALIDATION_ERROR before anything, nothing charged or accepted', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();

    await expectApiError(
      completeClaim(db, { processor, acceptTerms: false, humanToken: proposal.humanToken, userId: human.id }),
      'VALIDATION_ERROR',
      {
        status: 400,
        issues: [{ path: ['acceptTerms'], message: 'Accept the Terms and the Privacy Policy to pay' }],
      },
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
    expect(await chargeRows(proposal.task.id)).toEqual([]);
    expect(await db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, human.id))).toEqual([]);

    // Accepted: both documents' current versions are recorded with the claim, as sign-up records them.
    await completeClaim(db, {
      processor,
      acceptTerms: true,
      ip: '203.0.113.7',
      humanToken: proposal.humanToken,
      userId: human.id,
    });
    const accepted = await db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, human.id));
    const documents = legalDocuments();
    expect(
      accepted.map(({ slug, version, ip }) => ({ slug, version, ip })).toSorted((a, b) => a.slug.localeCompare(b.slug)),
    ).toEqual([
      { slug: 'privacy', version: documents.privacy.version, ip: '203.0.113.7' },
      { slug: 'terms', version: documents.terms.version, ip: '203.0.113.7' },
    ]);
    expect(await claimState(proposal)).toMatchObject({ claimedBy: human.id, taskStatus: 'posted' });
  });

  it('a declined card: PAYMENT_FAILED, and the claim stays open (key parked, task draft, agent unowned)', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard(INSUFFICIENT_FUNDS_CARD);

    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id }),
      'PAYMENT_FAILED',
      {
        status: 402,
        message: 'Your card has insufficient funds.',
        details: { code: 'card_declined', declineCode: 'insufficient_funds' },
      },
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
    expect(await chargeRows(proposal.task.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await taskLedger(proposal.task.id)).toEqual([]);
    expect(await escrowBalance(proposal.task.id)).toBe(0);
    expect((await pollClaimViaApi(proposal.claimToken)).json).toEqual({
      data: { status: 'pending', taskId: proposal.task.id },
    });
  });

  it('an expired claim: CLAIM_EXPIRED, nothing charged, and the poll says expired', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    await expireClaim(proposal.claimToken);

    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id }),
      'CLAIM_EXPIRED',
      {
        status: 404,
      },
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
    expect(await chargeRows(proposal.task.id)).toEqual([]);
    expect((await pollClaimViaApi(proposal.claimToken)).json).toEqual({
      data: { status: 'expired', taskId: proposal.task.id },
    });
  });

  it('an unknown link, or the agent’s claim token used as a link: NOT_FOUND', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    for (const token of ['A'.repeat(43), proposal.claimToken, proposal.claimToken.slice('lgwc_'.length), '']) {
      await expectApiError(
        completeClaim(db, { processor, acceptTerms: true, humanToken: token, userId: human.id }),
        'NOT_FOUND',
        {
          message: 'Unknown claim link',
        },
      );
    }
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
  });

  it('without a card on file: PAYMENT_REQUIRED, and the claim stays open', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard(null);
    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id }),
      'PAYMENT_REQUIRED',
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
  });
});
