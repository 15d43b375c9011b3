import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as createTaskRoute } from '@/app/v1/tasks/route';
import { events, refunds, tasks, users } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { claimFundingSource } from '@/lib/services/money/claim-funding-source';
import { claimState, CLAIM_TOTAL as TOTAL, UNCLAIMED } from '@/test/claims-paying';
import { parkedKeyOf, proposeTask } from '@/test/cold-start';
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

// The claim page's last step charges the total its funding claim locked, and caps the claimed agent at it. Called
// as the page calls it (a human with a saved test card, the test-mode processor, the human claim link's token).
withoutStripe();

describe('completeClaim(): the price charged', () => {
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
