import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, notifications, tasks, users } from '@/db/schema';
import { errorTable } from '@/lib/errors/api-error';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { claimFundingSource } from '@/lib/services/money/claim-funding-source';
import {
  chargeLedger,
  claimState,
  INSUFFICIENT_FUNDS_CARD,
  CLAIM_TOTAL as TOTAL,
  UNCLAIMED,
} from '@/test/claims-paying';
import { claimRow, proposeTask } from '@/test/cold-start';
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

// The claim page's last step, paying: the charge, the agent handed over, the key activated, the same link again.
// Called as the page calls it (a human with a saved test card, the test-mode processor, the human claim link's
// token); money is read back from the ledger by SQL sum.
withoutStripe();

describe('completeClaim(): paying', () => {
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
});
