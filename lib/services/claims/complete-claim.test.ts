import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as createTaskRoute } from '@/app/v1/tasks/route';
import { apiKeys, events, legalAcceptances, notifications, refunds, tasks, users } from '@/db/schema';
import { errorTable } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { claimFundingSource } from '@/lib/services/money/claim-funding-source';
import { claimRow, expireClaim, parkedKeyOf, pollClaimViaApi, proposeTask } from '@/test/cold-start';
import { call, uniqueIp } from '@/test/http';
import {
  chargeRows,
  escrowBalance,
  expectApiError,
  payerWithCard,
  paymentsSetup,
  taskLedger,
  withoutStripe,
} from '@/test/payments';
import { taskBody } from '@/test/tasks';
import { completeClaim } from './complete-claim';
import { correctClaimTask } from './correct-claim-task';

// What runs right after completeClaim has read the claim and its task, before it claims the funding: a "correct the
// budget" from another tab landing in that window.
const afterFind = vi.hoisted(() => ({ run: undefined as undefined | (() => Promise<unknown>) }));
vi.mock('./find-claim-by-human-token', async (importOriginal) => {
  const real = await importOriginal<typeof import('./find-claim-by-human-token')>();
  return {
    ...real,
    findClaimByHumanToken: async (...args: Parameters<typeof real.findClaimByHumanToken>) => {
      const found = await real.findClaimByHumanToken(...args);
      const run = afterFind.run;
      afterFind.run = undefined;
      await run?.();
      return found;
    },
  };
});

// The claim page's last step, called as the page calls it: a human with a saved test card, the test-mode
// processor, and the token from the human claim link. Money is read back from the ledger by SQL sum.
withoutStripe();

const TOTAL = 2_875; // The default proposal: 2,500 cents + the 15% fee.
const INSUFFICIENT_FUNDS_CARD = '4000 0000 0000 9995';

/** What the claim's side effects look like now: agent owner, key parked, task status, claim fields. */
async function claimState(proposal: Awaited<ReturnType<typeof proposeTask>>) {
  const { db } = await paymentsSetup();
  const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
  const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
  const claim = await claimRow(proposal.claimToken);
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.id, claim.apiKeyId ?? ''));
  return {
    ownerId: agent?.ownerId,
    parked: key?.parked,
    taskStatus: task?.status,
    publishedAt: task?.publishedAt,
    claimedAt: claim.claimedAt,
    claimedBy: claim.claimedBy,
  };
}

const UNCLAIMED = {
  ownerId: null,
  parked: true,
  taskStatus: 'draft',
  publishedAt: null,
  claimedAt: null,
  claimedBy: null,
};

function chargeLedger(taskId: string, payerId: string, reference: string | null) {
  return [
    {
      kind: 'charge',
      key: `test:task:${taskId}:charge`,
      reference,
      livemode: false,
      entries: [
        { account: ledgerAccount.requesterFunding('test', payerId), amountCents: -TOTAL },
        { account: ledgerAccount.escrow('test', taskId), amountCents: TOTAL },
      ],
    },
  ];
}

describe('completeClaim()', () => {
  it('charges the card into the task’s escrow, gives the agent to the human, activates the key, posts the task', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();

    const result = await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: proposal.humanToken,
      userId: human.id,
    });
    expect(result).toEqual({ taskId: proposal.task.id, agentId: proposal.task.requesterId });

    expect(await claimState(proposal)).toEqual({
      ownerId: human.id,
      parked: false,
      taskStatus: 'posted',
      publishedAt: expect.any(Date),
      claimedAt: expect.any(Date),
      claimedBy: human.id,
    });
    const charges = await chargeRows(proposal.task.id);
    expect(charges).toEqual([
      expect.objectContaining({
        userId: human.id,
        livemode: false,
        processor: 'test-mode',
        amountCents: TOTAL,
        status: 'succeeded',
        attempts: 1,
      }),
    ]);
    expect(await taskLedger(proposal.task.id)).toEqual(
      chargeLedger(proposal.task.id, human.id, charges[0]?.processorId ?? null),
    );
    expect(await escrowBalance(proposal.task.id)).toBe(TOTAL);
    // Posted like any other task: funded by card, announced to the agent and its new operator.
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task?.fundingSource).toBe('card');
    const announced = await db.select().from(events).where(eq(events.taskId, proposal.task.id));
    expect(announced.map((event) => [event.type, event.audience.toSorted()])).toEqual(
      expect.arrayContaining([
        ['task.posted', [proposal.task.requesterId, human.id].toSorted()],
        ['payment.succeeded', [proposal.task.requesterId, human.id].toSorted()],
      ]),
    );
    expect(announced).toHaveLength(2);
    // The key is not handed out here: it waits, sealed, for the agent's poll.
    expect((await claimRow(proposal.claimToken)).sealedKey).toMatch(/^v1\./);
    // The human paid with their own card: no "your agent charged your card" notice.
    const notices = await db.select().from(notifications).where(eq(notifications.taskId, proposal.task.id));
    expect(notices.filter((notice) => notice.kind === 'agent_charge')).toEqual([]);
  });

  it('a charge that stands for another human on an open link: CLAIM_ALREADY_USED, their charge kept', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const first = await payerWithCard();
    const second = await payerWithCard();
    // The first human's submit charged the card and has not posted yet (it runs at the same time).
    await claimFundingSource(db, proposal.task.id, 'card');
    const charge = await chargeForTask(db, processor, {
      taskId: proposal.task.id,
      payerId: first.id,
      amountCents: TOTAL,
      description: 'Legwork task: first',
    });

    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: second.id }),
      'CLAIM_ALREADY_USED',
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
    expect(await chargeRows(proposal.task.id)).toEqual([
      expect.objectContaining({ id: charge.id, userId: first.id, refundedCents: 0 }),
    ]);
    expect(await escrowBalance(proposal.task.id)).toBe(TOTAL);

    // The first human's submit finishes with that one charge.
    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: first.id });
    expect(await claimState(proposal)).toMatchObject({ ownerId: first.id, taskStatus: 'posted', claimedBy: first.id });
    expect(await chargeRows(proposal.task.id)).toHaveLength(1);
  });

  it('completing again as the same human is a no-op: one charge, one ledger posting', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id });
    const before = { state: await claimState(proposal), ledger: await taskLedger(proposal.task.id) };

    const again = await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: proposal.humanToken,
      userId: human.id,
    });
    expect(again).toEqual({ taskId: proposal.task.id, alreadyClaimed: true });
    expect(await chargeRows(proposal.task.id)).toHaveLength(1);
    expect(await taskLedger(proposal.task.id)).toEqual(before.ledger);
    expect(await claimState(proposal)).toEqual(before.state);
    expect(await escrowBalance(proposal.task.id)).toBe(TOTAL);
  });

  it('another human on a claimed link: CLAIM_ALREADY_USED, and nothing is charged to them', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const first = await payerWithCard();
    const second = await payerWithCard();
    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: first.id });

    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: second.id }),
      'CLAIM_ALREADY_USED',
      {
        status: 409,
        message: errorTable.CLAIM_ALREADY_USED.message,
      },
    );
    const charges = await chargeRows(proposal.task.id);
    expect(charges.map((charge) => charge.userId)).toEqual([first.id]);
    expect((await claimState(proposal)).ownerId).toBe(first.id);
    expect(await escrowBalance(proposal.task.id)).toBe(TOTAL);
  });

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

  it('names the claimed agent as the human typed it, after the task without a name, and refuses an empty one', async () => {
    const { db, processor } = await paymentsSetup();
    const nameOf = async (agentId: string) =>
      (await db.select({ name: users.name }).from(users).where(eq(users.id, agentId)))[0]?.name;

    const named = await proposeTask({ title: 'Check the mailbox' });
    const human = await payerWithCard();
    await expectApiError(
      completeClaim(db, {
        processor,
        acceptTerms: true,
        agentName: '   ',
        humanToken: named.humanToken,
        userId: human.id,
      }),
      'VALIDATION_ERROR',
      { status: 400, issues: [{ path: ['agentName'], message: 'Must not be empty' }] },
    );
    expect(await claimState(named)).toEqual(UNCLAIMED);
    expect(await chargeRows(named.task.id)).toEqual([]);
    expect(await nameOf(named.task.requesterId)).toBe('Proposed agent');

    await completeClaim(db, {
      processor,
      acceptTerms: true,
      agentName: '  Mailbox watcher ',
      humanToken: named.humanToken,
      userId: human.id,
    });
    expect(await nameOf(named.task.requesterId)).toBe('Mailbox watcher');

    const unnamed = await proposeTask({ title: `Count the ${'very '.repeat(30)}long queue` });
    await completeClaim(db, { processor, acceptTerms: true, humanToken: unnamed.humanToken, userId: human.id });
    const fallback = await nameOf(unnamed.task.requesterId);
    expect(fallback).toMatch(/^Agent for “Count the very very /);
    expect(fallback).toHaveLength(100);
    expect(fallback?.endsWith('…”')).toBe(true);
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

  it('after a decline, a human with a good card can still claim, and the charge is theirs', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const declined = await payerWithCard(INSUFFICIENT_FUNDS_CARD);
    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: declined.id }),
      'PAYMENT_FAILED',
    );

    const payer = await payerWithCard();
    const result = await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: proposal.humanToken,
      userId: payer.id,
    });
    expect(result).toEqual({ taskId: proposal.task.id, agentId: proposal.task.requesterId });
    expect((await claimState(proposal)).ownerId).toBe(payer.id);
    const charges = await chargeRows(proposal.task.id);
    expect(charges).toEqual([expect.objectContaining({ userId: payer.id, status: 'succeeded', attempts: 2 })]);
    expect(await taskLedger(proposal.task.id)).toEqual(
      chargeLedger(proposal.task.id, payer.id, charges[0]?.processorId ?? null),
    );
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

  it('caps the claimed agent at the task’s total: its next card-funded task is refused', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id });

    const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
    expect(agent).toMatchObject({ ownerId: human.id, spendingLimitCents: TOTAL });

    // The agent's key, now active, cannot put another task on the human's card: the cap is spent.
    const created = await call(createTaskRoute, '/v1/tasks', {
      token: await parkedKeyOf(proposal.claimToken),
      body: taskBody(),
      ip: uniqueIp(),
    });
    expect(created.status).toBe(402);
    expect(created.json.error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      details: expect.objectContaining({ reason: 'spending_limit_exceeded' }),
    });
    const [only] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.requesterId, agent?.id ?? ''));
    expect(only?.id).toBe(proposal.task.id);
    expect(await chargeRows(proposal.task.id)).toHaveLength(1);
  });

  it('charges the total its funding claim locked, not one read before a correction landed', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    afterFind.run = () => correctClaimTask(db, { humanToken: proposal.humanToken, patch: { budgetCents: 3_000 } });

    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id });
    expect(await claimState(proposal)).toMatchObject({ taskStatus: 'posted', ownerId: human.id });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task?.totalCents).toBe(3_450);
    expect(await chargeRows(proposal.task.id)).toEqual([
      expect.objectContaining({ amountCents: 3_450, status: 'succeeded' }),
    ]);
    expect(await escrowBalance(proposal.task.id)).toBe(3_450);
    const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
    expect(agent?.spendingLimitCents).toBe(3_450);
  });

  it('the page’s total no longer the price: 409, nothing charged, the draft free to correct again', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    afterFind.run = () => correctClaimTask(db, { humanToken: proposal.humanToken, patch: { budgetCents: 3_000 } });

    await expectApiError(
      completeClaim(db, {
        processor,
        acceptTerms: true,
        humanToken: proposal.humanToken,
        userId: human.id,
        expectedTotalCents: TOTAL,
      }),
      'CONFLICT',
      {
        status: 409,
        message: 'The price changed to $34.50 since this page was loaded',
        details: { totalCents: 3_450 },
      },
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
    expect(await chargeRows(proposal.task.id)).toEqual([]);
    expect(await taskLedger(proposal.task.id)).toEqual([]);
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task).toMatchObject({ fundingSource: null, totalCents: 3_450 });

    // Reloaded, the page shows $34.50 and pays it.
    await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: proposal.humanToken,
      userId: human.id,
      expectedTotalCents: 3_450,
    });
    expect(await escrowBalance(proposal.task.id)).toBe(3_450);
  });

  it('a correction while the card is being charged is refused: the task posts at the price charged', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    let refused: unknown;
    const correcting: PaymentProcessor = {
      ...processor,
      chargeCard: async (input) => {
        refused = await correctClaimTask(db, { humanToken: proposal.humanToken, patch: { budgetCents: 3_000 } }).catch(
          (error) => error,
        );
        return processor.chargeCard(input);
      },
    };

    await completeClaim(db, {
      processor: correcting,
      acceptTerms: true,
      humanToken: proposal.humanToken,
      userId: human.id,
    });
    expect(refused).toMatchObject({ code: 'INVALID_TRANSITION', status: 409 });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task).toMatchObject({ status: 'posted', totalCents: TOTAL, budgetCents: 2_500 });
    expect(await escrowBalance(proposal.task.id)).toBe(TOTAL);
  });

  it('an escrow that does not hold the total is not posted: 409, the charge refunded, the claim open', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const human = await payerWithCard();
    // An earlier attempt charged a price the draft no longer has (left by a request that died before posting).
    await claimFundingSource(db, proposal.task.id, 'card');
    const stale = await chargeForTask(db, processor, {
      taskId: proposal.task.id,
      payerId: human.id,
      amountCents: TOTAL - 100,
      description: 'Legwork task: stale',
    });

    await expectApiError(
      completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id }),
      'CONFLICT',
      { status: 409, details: { escrowCents: TOTAL - 100, totalCents: TOTAL } },
    );
    expect(await claimState(proposal)).toEqual(UNCLAIMED);
    expect(await escrowBalance(proposal.task.id)).toBe(0);
    expect(await chargeRows(proposal.task.id)).toEqual([
      expect.objectContaining({ id: stale.id, amountCents: TOTAL - 100, refundedCents: TOTAL - 100 }),
    ]);
    const refunded = await db.select().from(refunds).where(eq(refunds.taskId, proposal.task.id));
    expect(refunded).toEqual([expect.objectContaining({ amountCents: TOTAL - 100 })]);
    const announced = await db.select().from(events).where(eq(events.taskId, proposal.task.id));
    expect(announced.map((event) => event.type)).not.toContain('task.posted');
    const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
    expect(agent).toMatchObject({ ownerId: null, spendingLimitCents: null });
  });
});
