import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getTask } from '@/app/v1/tasks/[id]/route';
import { getDatabase } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { withEnv } from '@/test/env';
import { call } from '@/test/http';
import { notificationsOf } from '@/test/notifications';
import { chargeRows, escrowBalance, ledgerBalance, taskLedger, transferRows } from '@/test/payments';
import {
  assignmentsOf,
  callAction,
  fundedPartiesForFile,
  passDeadline,
  taskEvents,
  taskInStatus,
  taskRow,
} from '@/test/tasks';

// Issue 39: a requester may cancel an accepted task at any time. Within CANCEL_FREE_MINUTES (10) of the acceptance
// it is refunded in full; later the worker keeps min(budget, max($5, 25% of it)), no platform fee on it, and the
// rest is refunded, in the cancel's transaction. Every task here: a 2,000 budget, 2,300 charged, fee 500.

const parties = fundedPartiesForFile();
const MINUTE = 60_000;

/** An accepted task whose acceptance was `minutesAgo` minutes ago. */
async function acceptedAgo(minutesAgo: number): Promise<Task> {
  const task = await taskInStatus(parties, 'accepted');
  const { db } = await getDatabase();
  await db
    .update(tasks)
    .set({ acceptedAt: new Date(Date.now() - minutesAgo * MINUTE) })
    .where(eq(tasks.id, task.id));
  return taskRow(task.id);
}

const readTask = (id: string) => call(getTask, `/v1/tasks/${id}`, { token: parties.requester.token, params: { id } });
const workerPayouts = () => ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id));
const platformFees = () => ledgerBalance(ledgerAccount.platformFees('test'));

describe('a late cancel pays the worker the fee', () => {
  it('11 minutes after acceptance: 500 to the worker with no platform fee, 1,800 refunded, all in one step', async () => {
    const task = await acceptedAgo(11);
    const [paidBefore, feesBefore] = [await workerPayouts(), await platformFees()];

    const res = await callAction('cancel', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      status: 'cancelled',
      cancellationFeeCents: 500,
      workerId: parties.worker.id,
    });

    expect(await escrowBalance(task.id)).toBe(0);
    expect(await workerPayouts()).toBe(paidBefore + 500);
    expect(await platformFees()).toBe(feesBefore);
    const ledger = await taskLedger(task.id);
    // The fee and the refund are one transaction's movements: in no order between them.
    expect(ledger.map((tx) => tx.kind).sort()).toEqual(['charge', 'refund', 'transfer']);
    const byKind = (kind: string) => ledger.find((tx) => tx.kind === kind);
    expect(byKind('transfer')?.entries).toEqual([
      { account: ledgerAccount.escrow('test', task.id), amountCents: -500 },
      { account: ledgerAccount.workerPayouts('test', parties.worker.id), amountCents: 500 },
    ]);
    expect(byKind('refund')?.entries).toEqual(
      expect.arrayContaining([{ account: ledgerAccount.refunds('test', parties.requester.id), amountCents: 1_800 }]),
    );
    expect(await chargeRows(task.id)).toEqual([expect.objectContaining({ refundedCents: 1_800 })]);
    // The fee's transfer was sent after the commit, with no platform fee.
    expect(await transferRows(task.id)).toEqual([
      expect.objectContaining({ userId: parties.worker.id, amountCents: 500, feeCents: 0, status: 'paid' }),
    ]);
    expect((await assignmentsOf(task.id)).map((row) => row.endReason)).toEqual(['cancelled']);

    // The event and the worker's notice name the fee.
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.cancelled',
      data: { previousStatus: 'accepted', cancellation: { reason: 'late', feeCents: 500, refundCents: 1_800 } },
    });
    const notice = (await notificationsOf(parties.worker.id)).find(
      (n) => n.taskId === task.id && n.kind === 'task_cancelled',
    );
    expect(notice?.body).toContain('$5.00');
  });

  it('a worker who submitted and was sent back for a revision delivered: a cancel pays the fee, deadline or not', async () => {
    const task = await taskInStatus(parties, 'submitted');
    expect((await callAction('request-revision', task.id, parties.requester.token)).status).toBe(200);
    await passDeadline(task.id);
    const res = await callAction('cancel', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.cancellationFeeCents).toBe(500);
    expect(await escrowBalance(task.id)).toBe(0);
  });

  it('the fee follows CANCEL_FEE_PERCENT and CANCEL_FEE_MIN_CENTS', async () => {
    const task = await acceptedAgo(30);
    const res = await withEnv({ CANCEL_FEE_PERCENT: '40', CANCEL_FEE_MIN_CENTS: '100' }, () =>
      callAction('cancel', task.id, parties.requester.token),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.cancellationFeeCents).toBe(800);
    expect(await chargeRows(task.id)).toEqual([expect.objectContaining({ refundedCents: 1_500 })]);
  });
});

describe('a free cancel', () => {
  it('inside the window: refunded in full, the worker gets nothing, the assignment ends `cancelled`', async () => {
    const task = await acceptedAgo(3);
    const paidBefore = await workerPayouts();
    const res = await callAction('cancel', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'cancelled', cancellationFeeCents: null });
    expect(await escrowBalance(task.id)).toBe(0);
    expect(await workerPayouts()).toBe(paidBefore);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect((await assignmentsOf(task.id)).map((row) => row.endReason)).toEqual(['cancelled']);
    expect((await taskEvents(task.id)).at(-1)?.data).toMatchObject({
      cancellation: { reason: 'free_window', feeCents: 0, refundCents: 2_300 },
    });
  });

  it('CANCEL_FREE_MINUTES sets the window', async () => {
    const task = await acceptedAgo(11);
    const res = await withEnv({ CANCEL_FREE_MINUTES: '15' }, () =>
      callAction('cancel', task.id, parties.requester.token, { maxFeeCents: 0 }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.cancellationFeeCents).toBeNull();
  });
});

describe('the amounts before anything moves', () => {
  it('GET /v1/tasks/{id} says the policy and what a cancel would do now', async () => {
    const posted = await taskInStatus(parties, 'posted');
    expect((await readTask(posted.id)).json.data.cancellationPolicy).toEqual({
      freeMinutes: 10,
      feePercent: 25,
      feeMinCents: 500,
      lateFeeCents: 500,
      freeUntil: null,
      noShowFrom: null,
      ifCancelledNow: { reason: 'unassigned', feeCents: 0, refundCents: 2_300 },
    });

    const fresh = await acceptedAgo(2);
    const policy = (await readTask(fresh.id)).json.data.cancellationPolicy;
    expect(policy.freeUntil).toBe(new Date((fresh.acceptedAt as Date).getTime() + 10 * MINUTE).toISOString());
    expect(policy.noShowFrom).toBe(fresh.deadline.toISOString());
    expect(policy.ifCancelledNow).toEqual({ reason: 'free_window', feeCents: 0, refundCents: 2_300 });

    const late = await acceptedAgo(20);
    expect((await readTask(late.id)).json.data.cancellationPolicy.ifCancelledNow).toEqual({
      reason: 'late',
      feeCents: 500,
      refundCents: 1_800,
    });
    const completed = await taskInStatus(parties, 'completed');
    expect((await readTask(completed.id)).json.data.cancellationPolicy.ifCancelledNow).toBeNull();
  });

  it('maxFeeCents below the fee: 409 CANCELLATION_FEE_CHANGED with the amounts, and nothing moves', async () => {
    const task = await acceptedAgo(11);
    const res = await callAction('cancel', task.id, parties.requester.token, { maxFeeCents: 0 });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'CANCELLATION_FEE_CHANGED',
      details: { feeCents: 500, maxFeeCents: 0, refundCents: 1_800, reason: 'late' },
    });
    expect(await taskRow(task.id)).toEqual(task);
    expect(await escrowBalance(task.id)).toBe(2_300);
    expect(await assignmentsOf(task.id)).toEqual([expect.objectContaining({ endedAt: null })]);

    const agreed = await callAction('cancel', task.id, parties.requester.token, { maxFeeCents: 500 });
    expect(agreed.status, agreed.text).toBe(200);
    expect(agreed.json.data.cancellationFeeCents).toBe(500);
  });

  it.each([[-1], [1.5], ['500']])('maxFeeCents %j: 400 naming it', async (maxFeeCents) => {
    const task = await acceptedAgo(11);
    const res = await callAction('cancel', task.id, parties.requester.token, { maxFeeCents });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['maxFeeCents']]);
    expect(await escrowBalance(task.id)).toBe(2_300);
  });
});
