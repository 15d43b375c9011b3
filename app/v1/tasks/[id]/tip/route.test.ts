import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as historyRoute } from '@/app/v1/payments/history/route';
import { getDatabase } from '@/db/client';
import { events, tasks, users } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { readTaskMoney } from '@/lib/services/money/read-task-money';
import { sendDueTipTransfers } from '@/lib/services/money/send-due-tip-transfers';
import { call } from '@/test/http';
import { notificationsOf } from '@/test/notifications';
import { addCard, ledgerBalance, taskLedger } from '@/test/payments';
import { anotherWorker, callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { tipRows, tipTask } from '@/test/tips';
import { onboardPayouts } from '@/test/workers';
import { base64Json, newPayer, paymentRows, signAuthorization, v1Payload } from '@/test/x402';

// POST /v1/tasks/{id}/tip: the requester's card (or x402) pays the worker straight, no fee, once per key.

const parties = fundedPartiesForFile();
const asAgent = () => ({ ...parties, requester: parties.agent });

async function history(token: string) {
  const res = await call(historyRoute, '/v1/payments/history', { token });
  expect(res.status, res.text).toBe(200);
  return res.json.data as { kind: string; amountCents: number; taskId: string; description: string }[];
}

async function tippedEvents(taskId: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(events).where(eq(events.taskId, taskId));
  return rows.filter((row) => row.type === 'task.tipped');
}

describe('POST /v1/tasks/{id}/tip by card', () => {
  it('charges the requester’s card, books it to the worker, sends it, and both histories show it', async () => {
    const task = await taskInStatus(parties, 'completed');
    const payoutsBefore = await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id));

    const res = await tipTask(task.id, parties.requester.token, 500);

    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({
      taskId: task.id,
      workerId: parties.worker.id,
      amountCents: 500,
      currency: 'usd',
      source: 'card',
      status: 'paid',
    });
    const [tip] = await tipRows(task.id);
    expect(tip).toMatchObject({
      status: 'paid',
      payerId: parties.requester.id,
      tipperId: parties.requester.id,
      chargeProcessorId: expect.stringMatching(/^pi_test_/),
      transferProcessorId: expect.stringMatching(/^tr_test_/),
    });
    const tipMoves = (await taskLedger(task.id)).filter((tx) => tx.kind === 'tip');
    expect(tipMoves).toEqual([
      expect.objectContaining({
        key: `test:tip:${tip?.id}:charge`,
        entries: [
          { account: ledgerAccount.requesterFunding('test', parties.requester.id), amountCents: -500 },
          { account: ledgerAccount.workerPayable('test', parties.worker.id), amountCents: 500 },
        ],
      }),
      expect.objectContaining({
        key: `test:tip:${tip?.id}:transfer`,
        entries: [
          { account: ledgerAccount.workerPayable('test', parties.worker.id), amountCents: -500 },
          { account: ledgerAccount.workerPayouts('test', parties.worker.id), amountCents: 500 },
        ],
      }),
    ]);
    // No fee: the platform's account is untouched by the tip, and the worker got all of it.
    expect(tipMoves.flatMap((tx) => tx.entries).some((entry) => entry.account.includes('platform_fees'))).toBe(false);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id))).toBe(payoutsBefore + 500);
    // The task's own money is its price: a tip is paid beside it.
    expect((await readTaskMoney((await getDatabase()).db, [task.id])).get(task.id)?.workerCents).toBe(2_000);

    expect(await history(parties.requester.token)).toContainEqual(
      expect.objectContaining({ kind: 'tip', amountCents: 500, taskId: task.id }),
    );
    expect(await history(parties.worker.token)).toContainEqual(
      expect.objectContaining({
        kind: 'tip',
        amountCents: 500,
        taskId: task.id,
        description: expect.stringMatching(/^Tip received/),
      }),
    );
    const notices = await notificationsOf(parties.worker.id);
    expect(notices.filter((notice) => notice.kind === 'tip_received' && notice.taskId === task.id)).toEqual([
      expect.objectContaining({ title: expect.stringContaining('$5.00') }),
    ]);
    const tipped = await tippedEvents(task.id);
    expect(tipped).toHaveLength(1);
    expect(tipped[0]?.audience).toEqual(expect.arrayContaining([parties.worker.id, parties.requester.id]));
  });

  it('a replay with the same Idempotency-Key returns the same tip and moves nothing twice', async () => {
    const task = await taskInStatus(parties, 'completed');
    const first = await tipTask(task.id, parties.requester.token, 300, { key: `tip-${task.id}` });
    const again = await tipTask(task.id, parties.requester.token, 300, { key: `tip-${task.id}` });
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(await tipRows(task.id)).toHaveLength(1);
    expect((await taskLedger(task.id)).filter((tx) => tx.kind === 'tip')).toHaveLength(2);
    // The same key with another amount is another request: refused, not a second tip.
    const other = await tipTask(task.id, parties.requester.token, 400, { key: `tip-${task.id}` });
    expect(other.status, other.text).toBe(422);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await tipRows(task.id)).toHaveLength(1);
  });

  it('an agent’s tip is charged to its operator’s card and counts against its spending cap', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(asAgent(), 'completed');
    const res = await tipTask(task.id, parties.agent.token, 200);
    expect(res.status, res.text).toBe(201);
    expect(await tipRows(task.id)).toMatchObject([{ payerId: parties.requester.id, tipperId: parties.agent.id }]);
    expect(await history(parties.requester.token)).toContainEqual(
      expect.objectContaining({ kind: 'tip', amountCents: 200, taskId: task.id }),
    );

    // A cap with room left for less than the tip: the card is not charged; an API key is offered x402 instead.
    const [row] = await db.select().from(users).where(eq(users.id, parties.agent.id));
    expect(row).toBeDefined();
    await db.update(users).set({ spendingLimitCents: 0 }).where(eq(users.id, parties.agent.id));
    try {
      const refused = await tipTask(task.id, parties.agent.token, 150);
      expect(refused.status, refused.text).toBe(402);
      expect(refused.json.error.details.reason).toBe('spending_limit_exceeded');
      expect(refused.json.accepts[0].maxAmountRequired).toBe('1500000');
      expect(await tipRows(task.id)).toHaveLength(1);
    } finally {
      await db.update(users).set({ spendingLimitCents: null }).where(eq(users.id, parties.agent.id));
    }
  });

  it('a declined card: 402 PAYMENT_FAILED, the tip failed and off the books', async () => {
    const requester = { ...parties.requester };
    const own = await taskInStatus(parties, 'completed');
    await addCard({ id: requester.id, email: null }, '4000 0000 0000 9995');
    try {
      const res = await tipTask(own.id, requester.token, 500);
      expect(res.status, res.text).toBe(402);
      expect(res.json.error.code).toBe('PAYMENT_FAILED');
      expect(await tipRows(own.id)).toMatchObject([{ status: 'failed', failureCode: 'insufficient_funds' }]);
      expect((await taskLedger(own.id)).filter((tx) => tx.kind === 'tip')).toEqual([]);
      expect(await tippedEvents(own.id)).toEqual([]);
    } finally {
      await addCard({ id: requester.id, email: null }, '4242 4242 4242 4242');
    }
  });

  it('a worker without payouts yet: the tip is held in worker_payable, sent once they can receive it', async () => {
    const newcomer = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    expect((await callAction('accept', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('submit', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('approve', task.id, parties.requester.token)).status).toBe(200);

    expect((await tipTask(task.id, parties.requester.token, 700)).status).toBe(201);
    expect(await ledgerBalance(ledgerAccount.workerPayable('test', newcomer.id))).toBe(2_000 + 700);
    expect(await tipRows(task.id)).toMatchObject([{ status: 'paid', transferProcessorId: null }]);

    await onboardPayouts({ id: newcomer.id, email: null });
    const { db } = await getDatabase();
    await sendDueTipTransfers(db, { taskIds: [task.id] });
    await sendDueTipTransfers(db, { taskIds: [task.id] });
    expect(await tipRows(task.id)).toMatchObject([{ transferProcessorId: expect.stringMatching(/^tr_test_/) }]);
    expect((await taskLedger(task.id)).filter((tx) => tx.kind === 'tip')).toHaveLength(2);
    expect(await ledgerBalance(ledgerAccount.workerPayable('test', newcomer.id))).toBe(2_000);
  });
});

describe('POST /v1/tasks/{id}/tip by x402', () => {
  it('answers 402 for exactly the tip, then settles the X-Payment retry into the worker’s payable', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(asAgent(), 'completed');
    await db.update(users).set({ spendingLimitCents: 0 }).where(eq(users.id, parties.agent.id));
    try {
      const key = `x402-tip-${task.id}`;
      const demanded = await tipTask(task.id, parties.agent.token, 250, { key });
      expect(demanded.status, demanded.text).toBe(402);
      expect(demanded.json.x402Version).toBe(1);
      const requirements = demanded.json.accepts[0];
      expect(requirements.maxAmountRequired).toBe('2500000');
      expect(requirements.resource).toBe(`http://localhost:3000/v1/tasks/${task.id}/tip`);
      expect(await tipRows(task.id)).toEqual([]);

      const payer = newPayer();
      const header = base64Json(v1Payload(requirements, await signAuthorization(payer, requirements)));
      const paid = await tipTask(task.id, parties.agent.token, 250, { key, headers: { 'X-Payment': header } });
      expect(paid.status, paid.text).toBe(201);
      expect(paid.json.data).toMatchObject({ source: 'x402', amountCents: 250, status: 'paid' });
      expect(paid.headers.get('X-PAYMENT-RESPONSE')).toBeTruthy();
      const [tip] = await tipRows(task.id);
      expect(tip).toMatchObject({ source: 'x402', payerId: parties.agent.id, status: 'paid' });
      expect(await paymentRows(payer.address)).toEqual([
        expect.objectContaining({ status: 'settled', taskId: task.id, bookedAt: expect.any(Date) }),
      ]);
      const funded = (await taskLedger(task.id)).find((tx) => tx.key === `test:tip:${tip?.id}:x402`);
      expect(funded?.entries).toEqual([
        { account: ledgerAccount.x402Receipts('test'), amountCents: -250 },
        { account: ledgerAccount.workerPayable('test', parties.worker.id), amountCents: 250 },
      ]);
      expect(await history(parties.agent.token)).toContainEqual(
        expect.objectContaining({ kind: 'tip', amountCents: 250, taskId: task.id }),
      );

      // The same payment again (a replay of the request) is the same tip; the same authorization for a new tip is refused.
      const replay = await tipTask(task.id, parties.agent.token, 250, { key, headers: { 'X-Payment': header } });
      expect(replay.json.data.id).toBe(tip?.id);
      const reused = await tipTask(task.id, parties.agent.token, 250, { headers: { 'X-Payment': header } });
      expect(reused.status, reused.text).toBe(402);
      expect(reused.json.error.details.reason).toBe('nonce_already_used');
      expect(await tipRows(task.id)).toHaveLength(1);
    } finally {
      await db.update(users).set({ spendingLimitCents: null }).where(eq(users.id, parties.agent.id));
    }
  });
});

describe('POST /v1/tasks/{id}/tip refusals', () => {
  it('a non-integer or out-of-range amount is 400 naming amountCents', async () => {
    const task = await taskInStatus(parties, 'completed');
    for (const amountCents of [99, 12.5, 0, -100, 1_000_001, '500']) {
      const res = await tipTask(task.id, parties.requester.token, 0, { body: { amountCents } });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(res.json.error.issues[0].path).toEqual(['amountCents']);
    }
    expect(await tipRows(task.id)).toEqual([]);
  });

  it('without an Idempotency-Key: 400 naming it', async () => {
    const task = await taskInStatus(parties, 'completed');
    const res = await tipTask(task.id, parties.requester.token, 500, { key: null });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.issues[0].path).toEqual(['Idempotency-Key']);
    expect(await tipRows(task.id)).toEqual([]);
  });

  it('a task that is not completed: 409 TASK_NOT_COMPLETED', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const res = await tipTask(task.id, parties.requester.token, 500);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'TASK_NOT_COMPLETED', details: { status: 'submitted' } });
    expect(await tipRows(task.id)).toEqual([]);
    await callAction('approve', task.id, parties.requester.token);
  });

  it('over the budget in total: 409 TIP_EXCEEDS_BUDGET with what is left', async () => {
    const task = await taskInStatus(parties, 'completed');
    expect((await tipTask(task.id, parties.requester.token, 1_500)).status).toBe(201);
    const res = await tipTask(task.id, parties.requester.token, 600);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'TIP_EXCEEDS_BUDGET',
      details: { budgetCents: 2_000, remainingCents: 500 },
    });
    expect((await tipTask(task.id, parties.requester.token, 500)).status).toBe(201);
    expect(await tipRows(task.id)).toHaveLength(2);
  });

  it('more than 30 days after completion: 409 TIP_WINDOW_CLOSED', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(parties, 'completed');
    await db
      .update(tasks)
      .set({ completedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(tasks.id, task.id));
    const res = await tipTask(task.id, parties.requester.token, 500);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.code).toBe('TIP_WINDOW_CLOSED');
    expect(await tipRows(task.id)).toEqual([]);
  });

  it('the worker is 403, anyone else 404, and nothing is recorded', async () => {
    const task = await taskInStatus(parties, 'completed');
    const byWorker = await tipTask(task.id, parties.worker.token, 500);
    expect(byWorker.status, byWorker.text).toBe(403);
    const stranger = await anotherWorker();
    const byStranger = await tipTask(task.id, stranger.token, 500);
    expect(byStranger.status, byStranger.text).toBe(404);
    expect(await tipRows(task.id)).toEqual([]);
  });
});
