import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { events, refunds, users } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { call } from '@/test/http';
import { acceptTaskOffer, makeOffer, offerRow } from '@/test/offers';
import { addCard, chargeRows, escrowBalance, taskLedger } from '@/test/payments';
import { anotherWorker, callAction, fundedPartiesForFile, lifecycleBody, taskInStatus, taskRow } from '@/test/tasks';
import { base64Json, newPayer, paymentRows, signAuthorization, v1Payload } from '@/test/x402';

// Accepting an offer above the budget: the difference (price 2,500 → total 2,875, against the 2,300 held) is paid
// first, by the task's own funding source, then booked into the escrow with the acceptance.

const parties = fundedPartiesForFile();
const asAgent = () => ({ ...parties, requester: parties.agent });
const ABOVE = 2_500;
const DIFFERENCE = 575;

async function withAgentLimit<T>(cents: number, run: () => Promise<T>): Promise<T> {
  const { db } = await getDatabase();
  await db.update(users).set({ spendingLimitCents: cents }).where(eq(users.id, parties.agent.id));
  try {
    return await run();
  } finally {
    await db.update(users).set({ spendingLimitCents: null }).where(eq(users.id, parties.agent.id));
  }
}

/** A signed X-Payment header for what a 402 asked. */
async function paymentFor(requirements: Record<string, unknown>) {
  const payer = newPayer();
  return {
    payer,
    header: base64Json(v1Payload(requirements as never, await signAuthorization(payer, requirements as never))),
  };
}

/** An agent's task funded by x402 (its limit leaves the card nothing). */
async function x402Task() {
  const body = lifecycleBody({});
  const demanded = await call(createTask, '/v1/tasks', { token: parties.agent.token, body });
  expect(demanded.status, demanded.text).toBe(402);
  const { header } = await paymentFor(demanded.json.accepts[0]);
  const paid = await call(createTask, '/v1/tasks', {
    token: parties.agent.token,
    body,
    headers: { 'X-Payment': header },
  });
  expect(paid.status, paid.text).toBe(201);
  return paid.json.data as { id: string };
}

async function paymentEvents(taskId: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(events).where(eq(events.taskId, taskId));
  return rows.filter((row) => row.type.startsWith('payment.')).map((row) => row.type);
}

describe('accepting an offer above the budget, card', () => {
  it('charges the difference to the funding card, books it with the acceptance, and a cancel refunds both', async () => {
    const task = await taskInStatus(parties, 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: ABOVE })).json.data;
    const res = await acceptTaskOffer(task.id, offer.id, parties.requester.token, {
      'idempotency-key': `k-${offer.id}`,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'accepted', budgetCents: ABOVE, totalCents: 2_875 });
    expect(await escrowBalance(task.id)).toBe(2_875);

    const rows = await chargeRows(task.id);
    const topUp = rows.find((row) => row.offerId === offer.id);
    expect(rows).toHaveLength(2);
    expect(topUp).toMatchObject({
      userId: parties.requester.id,
      amountCents: DIFFERENCE,
      status: 'succeeded',
      processorId: expect.stringMatching(/^pi_/),
    });
    const ledger = await taskLedger(task.id);
    expect(ledger.map((tx) => [tx.kind, tx.key])).toEqual([
      ['charge', `test:task:${task.id}:charge`],
      ['charge', `test:charge:${topUp?.id}`],
    ]);
    expect(ledger[1]?.entries).toEqual([
      { account: ledgerAccount.requesterFunding('test', parties.requester.id), amountCents: -DIFFERENCE },
      { account: ledgerAccount.escrow('test', task.id), amountCents: DIFFERENCE },
    ]);
    expect(await paymentEvents(task.id)).toContain('payment.succeeded');
    expect((await offerRow(offer.id)).status).toBe('accepted');

    // The same key replays the answer and charges nothing again.
    const replay = await acceptTaskOffer(task.id, offer.id, parties.requester.token, {
      'idempotency-key': `k-${offer.id}`,
    });
    expect(replay.json).toEqual(res.json);
    expect(await chargeRows(task.id)).toHaveLength(2);

    // Cancelled inside the free window: all of it back, the top-up's charge first, then the funding charge's.
    expect((await callAction('cancel', task.id, parties.requester.token)).status).toBe(200);
    expect(await escrowBalance(task.id)).toBe(0);
    const { db } = await getDatabase();
    const back = await db.select().from(refunds).where(eq(refunds.taskId, task.id));
    expect(back.map((refund) => [refund.idempotencyKey, refund.amountCents]).sort()).toEqual(
      [
        [`charge:${topUp?.id}:refund:0`, DIFFERENCE],
        [`task:${task.id}:refund:0`, 2_300],
      ].sort(),
    );
    expect((await chargeRows(task.id)).map((row) => row.amountCents - row.refundedCents)).toEqual([0, 0]);
  });

  it('a declined card: 402 PAYMENT_FAILED, the offer still open, nothing moved; a good card then pays', async () => {
    const task = await taskInStatus(parties, 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: ABOVE })).json.data;
    await addCard({ id: parties.requester.id, email: null }, '4000 0000 0000 9995');
    try {
      const res = await acceptTaskOffer(task.id, offer.id, parties.requester.token);
      expect(res.status, res.text).toBe(402);
      expect(res.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { declineCode: 'insufficient_funds' } });
    } finally {
      await addCard({ id: parties.requester.id, email: null }, '4242 4242 4242 4242');
    }
    expect(await taskRow(task.id)).toMatchObject({ status: 'posted', budgetCents: 2_000, workerId: null });
    expect((await offerRow(offer.id)).status).toBe('pending');
    expect(await escrowBalance(task.id)).toBe(2_300);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge']);
    expect((await chargeRows(task.id)).find((row) => row.offerId)).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
    });

    const retried = await acceptTaskOffer(task.id, offer.id, parties.requester.token);
    expect(retried.status, retried.text).toBe(200);
    expect(await escrowBalance(task.id)).toBe(2_875);
    const topUps = (await chargeRows(task.id)).filter((row) => row.offerId);
    expect(topUps.map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('an agent whose spending limit leaves less than the difference: 402 naming the limit, nothing charged', async () => {
    const task = await taskInStatus(asAgent(), 'posted');
    const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: ABOVE })).json.data;
    const res = await withAgentLimit(2_300 + 100, () => acceptTaskOffer(task.id, offer.id, parties.agent.token));
    expect(res.status, res.text).toBe(402);
    expect(res.json.error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      details: { reason: 'spending_limit_exceeded', remainingCents: 100 },
    });
    expect((await chargeRows(task.id)).filter((row) => row.offerId)).toEqual([]);
    expect(await taskRow(task.id)).toMatchObject({ status: 'posted', budgetCents: 2_000 });

    // Within the limit, the agent's operator's card pays the difference.
    const ok = await withAgentLimit(2_300 + DIFFERENCE, () => acceptTaskOffer(task.id, offer.id, parties.agent.token));
    expect(ok.status, ok.text).toBe(200);
    expect((await chargeRows(task.id)).find((row) => row.offerId)).toMatchObject({
      userId: parties.requester.id,
      status: 'succeeded',
    });
  });

  it('races a direct accept: one wins, and a difference paid for the loser is refunded at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const task = await taskInStatus(parties, 'posted');
      const rival = await anotherWorker();
      const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: ABOVE })).json.data;
      const [byOffer, direct] = await Promise.all([
        acceptTaskOffer(task.id, offer.id, parties.requester.token),
        callAction('accept', task.id, rival.token),
      ]);
      expect(
        [byOffer.status, direct.status].filter((status) => status === 200),
        `${byOffer.text} ${direct.text}`,
      ).toHaveLength(1);
      const row = await taskRow(task.id);
      const topUp = (await chargeRows(task.id)).find((charge) => charge.offerId);
      if (byOffer.status === 200) {
        expect(row).toMatchObject({ workerId: parties.worker.id, totalCents: 2_875 });
        expect(await escrowBalance(task.id)).toBe(2_875);
      } else {
        expect(row).toMatchObject({ workerId: rival.id, totalCents: 2_300 });
        expect(await escrowBalance(task.id)).toBe(2_300);
        // Never charged, or charged and given back in full.
        if (topUp?.status === 'succeeded') expect(topUp.refundedCents).toBe(DIFFERENCE);
        else expect(topUp?.status ?? 'none').not.toBe('processing');
      }
    }
  });
});

describe('accepting an offer above the budget, x402', () => {
  it('answers 402 for exactly the difference, then the paid retry books it into the escrow', async () => {
    await withAgentLimit(0, async () => {
      const task = await x402Task();
      const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: ABOVE })).json.data;
      const key = `x402-offer-${offer.id}`;
      const demanded = await acceptTaskOffer(task.id, offer.id, parties.agent.token, { 'idempotency-key': key });
      expect(demanded.status, demanded.text).toBe(402);
      const requirements = demanded.json.accepts[0];
      expect(requirements.maxAmountRequired).toBe(String(DIFFERENCE * 10_000));
      expect(requirements.resource).toBe(`http://localhost:3000/v1/tasks/${task.id}/offers/${offer.id}/accept`);
      expect(await taskRow(task.id)).toMatchObject({ status: 'posted', budgetCents: 2_000 });

      const { payer, header } = await paymentFor(requirements);
      const paid = await acceptTaskOffer(task.id, offer.id, parties.agent.token, {
        'idempotency-key': `${key}-paid`,
        'X-Payment': header,
      });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.headers.get('X-PAYMENT-RESPONSE')).toBeTruthy();
      expect(paid.json.data).toMatchObject({ status: 'accepted', budgetCents: ABOVE, totalCents: 2_875 });
      expect(await escrowBalance(task.id)).toBe(2_875);
      expect(await paymentRows(payer.address)).toEqual([
        expect.objectContaining({ status: 'settled', taskId: task.id, bookedAt: expect.any(Date) }),
      ]);
      const topUp = (await taskLedger(task.id)).find((tx) => tx.key.endsWith(':top-up'));
      expect(topUp?.entries).toEqual([
        { account: ledgerAccount.x402Receipts('test'), amountCents: -DIFFERENCE },
        { account: ledgerAccount.escrow('test', task.id), amountCents: DIFFERENCE },
      ]);

      // The authorization is spent: using it again for another offer is refused, nothing moves.
      const other = await x402Task();
      const second = (await makeOffer(other.id, parties.worker.token, { priceCents: ABOVE })).json.data;
      const reused = await acceptTaskOffer(other.id, second.id, parties.agent.token, { 'X-Payment': header });
      expect(reused.status, reused.text).toBe(402);
      expect(reused.json.error.details.reason).toBe('nonce_already_used');
      expect(await taskRow(other.id)).toMatchObject({ status: 'posted', budgetCents: 2_000 });
    });
  });

  it('a person on the dashboard cannot pay an x402 task’s difference: 402 saying the agent pays', async () => {
    await withAgentLimit(0, async () => {
      const task = await x402Task();
      const offer = (await makeOffer(task.id, parties.worker.token, { priceCents: ABOVE })).json.data;
      const res = await acceptTaskOffer(task.id, offer.id, parties.requester.token);
      expect(res.status, res.text).toBe(402);
      expect(res.json.error.code).toBe('PAYMENT_REQUIRED');
      expect(await offerRow(offer.id)).toMatchObject({ status: 'pending', topUpX402PaymentId: null });
      expect(await taskRow(task.id)).toMatchObject({ status: 'posted', budgetCents: 2_000 });
    });
  });
});
