import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { sendDueTransfers } from '@/lib/services/money/send-due-transfers';
import { escrowBalance, ledgerBalance, processorObjects, taskLedger, transferRows } from '@/test/payments';
import { anotherWorker, callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { onboardPayouts } from '@/test/workers';

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/approve', () => {
  it('a worker whose payout account cannot receive transfers yet: completed, the pay held, sent once it can', async () => {
    const newcomer = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    expect((await callAction('accept', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('submit', task.id, newcomer.token)).status).toBe(200);

    const res = await callAction('approve', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('completed');
    // The escrow is released: the budget is owed to the worker, the fee is the platform's; nothing is sent yet.
    expect(await escrowBalance(task.id)).toBe(0);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'release']);
    expect(await ledgerBalance(ledgerAccount.workerPayable('test', newcomer.id))).toBe(2_000);
    expect(await transferRows(task.id)).toMatchObject([{ processorId: null, amountCents: 2_000 }]);
    expect(await paymentEvents(task.id)).toEqual(['payment.succeeded']);
    const { db } = await getDatabase();
    await sendDueTransfers(db); // still no payout account: it stays held
    expect(await transferRows(task.id)).toMatchObject([{ processorId: null }]);

    await onboardPayouts({ id: newcomer.id, email: null });
    await sendDueTransfers(db);
    expect(await ledgerBalance(ledgerAccount.workerPayable('test', newcomer.id))).toBe(0);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', newcomer.id))).toBe(2_000);
    expect(await transferRows(task.id)).toMatchObject([
      { processorId: expect.stringMatching(/^tr_test_/), status: 'paid' },
    ]);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'release', 'transfer']);
    expect(await paymentEvents(task.id)).toEqual(['payment.succeeded', 'payment.transferred']);
    // Paid once: a second sweep (another instance, the next minute) finds nothing to send.
    await sendDueTransfers(db);
    expect((await taskLedger(task.id)).filter((tx) => tx.kind === 'transfer')).toHaveLength(1);
    expect(await paymentEvents(task.id)).toHaveLength(2);
  });

  it('two instances sweeping held pay at once send it once', async () => {
    const newcomer = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    expect((await callAction('accept', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('submit', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('approve', task.id, parties.requester.token)).status).toBe(200);
    await onboardPayouts({ id: newcomer.id, email: null });
    const { db } = await getDatabase();
    await Promise.all([sendDueTransfers(db), sendDueTransfers(db)]);
    expect((await taskLedger(task.id)).filter((tx) => tx.kind === 'transfer')).toHaveLength(1);
    expect(await processorObjects('transfer', 'transferGroup', `task:${task.id}`)).toHaveLength(1);
    expect(await paymentEvents(task.id)).toEqual(['payment.succeeded', 'payment.transferred']);
  });

  it('the worker cannot approve their own submission (403); an outsider gets 404', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const own = await callAction('approve', task.id, parties.worker.token);
    expect(own.status, own.text).toBe(403);
    expect(own.json.error.message).toBe('Only the requester can approve this task');
    expect((await callAction('approve', task.id, (await anotherWorker()).token)).status).toBe(404);
    expect(await taskRow(task.id)).toEqual(task);
  });
});

/** The task's `payment.*` event types, in order. */
const paymentEvents = async (taskId: string) => (await taskEvents(taskId, /^payment\./)).map((event) => event.type);
