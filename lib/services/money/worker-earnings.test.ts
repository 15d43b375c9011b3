import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { anotherWorker, callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { onboardPayouts } from '@/test/workers';
import { listWorkerEarnings } from './list-worker-earnings';
import { readWorkerEarnings } from './read-worker-earnings';
import { sendDueTransfers } from './send-due-transfers';

// Tasks driven through the real routes ($20.00 budget); the worker's figures are read back from the tasks, the
// transfers and the ledger.
const parties = fundedPartiesForFile();

async function earningsOf(userId: string, livemode = false) {
  const { db } = await getDatabase();
  return {
    summary: await readWorkerEarnings(db, { userId, livemode }),
    rows: await listWorkerEarnings(db, { userId, livemode, limit: 10 }),
  };
}

describe('a worker’s earnings', () => {
  it('a new worker has nothing pending, paid or scheduled', async () => {
    const newcomer = await anotherWorker();
    expect(await earningsOf(newcomer.id)).toEqual({
      summary: { pendingCents: 0, pendingTasks: 0, paidCents: 0, nextPayout: null },
      rows: [],
    });
  });

  it('pending while accepted, held until payouts are set up, then paid', async () => {
    const newcomer = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    expect((await callAction('accept', task.id, newcomer.token)).status).toBe(200);
    expect((await earningsOf(newcomer.id)).summary).toMatchObject({ pendingCents: 2_000, pendingTasks: 1 });

    expect((await callAction('submit', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('approve', task.id, parties.requester.token)).status).toBe(200);
    const approved = await earningsOf(newcomer.id);
    expect(approved.summary).toMatchObject({
      pendingCents: 0,
      paidCents: 0,
      nextPayout: { amountCents: 2_000, tasks: 1, waitingForPayoutAccount: true },
    });
    expect(approved.rows).toMatchObject([{ taskId: task.id, title: task.title, earnedCents: 2_000, state: 'held' }]);

    await onboardPayouts({ id: newcomer.id, email: null });
    const { db } = await getDatabase();
    await sendDueTransfers(db);
    const paid = await earningsOf(newcomer.id);
    expect(paid.summary).toEqual({ pendingCents: 0, pendingTasks: 0, paidCents: 2_000, nextPayout: null });
    expect(paid.rows).toMatchObject([{ taskId: task.id, earnedCents: 2_000, state: 'paid' }]);
    // Live mode keeps its own books: nothing of this test-mode task shows there.
    expect((await earningsOf(newcomer.id, true)).summary.paidCents).toBe(0);
  });

  it('a worker with payouts set up sees approved pay as paid, newest first', async () => {
    const first = await taskInStatus(parties, 'completed');
    const second = await taskInStatus(parties, 'completed');
    const { db } = await getDatabase();
    await sendDueTransfers(db);
    const { summary, rows } = await earningsOf(parties.worker.id);
    expect(summary.paidCents).toBeGreaterThanOrEqual(4_000);
    expect(rows.slice(0, 2).map((row) => [row.taskId, row.state])).toEqual([
      [second.id, 'paid'],
      [first.id, 'paid'],
    ]);
  });
});
