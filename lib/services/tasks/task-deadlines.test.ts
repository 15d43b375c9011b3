import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { priceTask } from '@/lib/tasks/task-rules';
import { escrowBalance, ledgerBalance, taskLedger } from '@/test/payments';
import { anotherWorker, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { runTaskDeadlines } from './run-task-deadlines';

// Time is moved by passing `now`; the tasks of this file are dated in January 2001, so the job, which scans
// the whole table, finds due only the tasks made due here, never those of test files running alongside.
const at = (day: number, hour = 12) => new Date(Date.UTC(2001, 0, day, hour));
const NOW = at(10);

const parties = fundedPartiesForFile();

async function setDates(taskId: string, dates: { deadline?: Date; submittedAt?: Date }) {
  const { db } = await getDatabase();
  await db.update(tasks).set(dates).where(eq(tasks.id, taskId));
}

describe('runTaskDeadlines', () => {
  it('expires a posted task past its deadline: refunded, task.expired', async () => {
    const task = await taskInStatus(parties, 'posted');
    await setDates(task.id, { deadline: at(9) });
    expect(await escrowBalance(task.id)).toBe(2_300);

    const moved = await runTaskDeadlines((await getDatabase()).db, NOW);
    expect(moved.expired).toBeGreaterThanOrEqual(1);

    expect((await taskRow(task.id)).status).toBe('expired');
    expect(await escrowBalance(task.id)).toBe(0);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.expired',
      data: { previousStatus: 'posted', task: { id: task.id, status: 'expired' } },
    });
  });

  it('completes a submission left unanswered for 72 hours: the worker is paid, task.completed', async () => {
    const task = await taskInStatus(parties, 'submitted');
    // 72 h before NOW is day 7, 12:00; submitted an hour earlier.
    await setDates(task.id, { submittedAt: at(7, 11) });
    const payoutsBefore = await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id));

    const moved = await runTaskDeadlines((await getDatabase()).db, NOW);
    expect(moved.completed).toBeGreaterThanOrEqual(1);

    const row = await taskRow(task.id);
    expect(row.status).toBe('completed');
    expect(row.completedAt).not.toBeNull();
    expect(await escrowBalance(task.id)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id))).toBe(payoutsBefore + 2_000);
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.completed',
      data: { previousStatus: 'submitted', reason: 'review_window_elapsed' },
    });
  });

  it('leaves alone what is not due: a deadline ahead, a review window still open, other statuses', async () => {
    const notYetDue = await taskInStatus(parties, 'posted');
    await setDates(notYetDue.id, { deadline: at(11) });
    const stillInReview = await taskInStatus(parties, 'submitted');
    await setDates(stillInReview.id, { submittedAt: at(7, 13) });
    const acceptedPastDeadline = await taskInStatus(parties, 'accepted');
    await setDates(acceptedPastDeadline.id, { deadline: at(1) });
    const draftPastDeadline = await taskInStatus(parties, 'draft');
    await setDates(draftPastDeadline.id, { deadline: at(1) });
    const disputedOld = await taskInStatus(parties, 'disputed');
    await setDates(disputedOld.id, { deadline: at(1), submittedAt: at(1) });

    const before = await Promise.all(
      [notYetDue, stillInReview, acceptedPastDeadline, draftPastDeadline, disputedOld].map((task) => taskRow(task.id)),
    );
    await runTaskDeadlines((await getDatabase()).db, NOW);
    for (const task of before) {
      expect(await taskRow(task.id)).toEqual(task);
      expect((await taskEvents(task.id)).map((event) => event.type)).not.toContain('task.expired');
    }
    expect(await escrowBalance(notYetDue.id)).toBe(2_300);
    expect(await escrowBalance(stillInReview.id)).toBe(2_300);

    // An hour later both are due.
    await runTaskDeadlines((await getDatabase()).db, at(11, 14));
    expect((await taskRow(notYetDue.id)).status).toBe('expired');
    expect((await taskRow(stillInReview.id)).status).toBe('completed');
    expect(await escrowBalance(notYetDue.id)).toBe(0);
    expect(await escrowBalance(stillInReview.id)).toBe(0);
  });

  it('running again moves nothing twice', async () => {
    const task = await taskInStatus(parties, 'posted');
    await setDates(task.id, { deadline: at(2) });
    await runTaskDeadlines((await getDatabase()).db, NOW);
    const events = (await taskEvents(task.id)).length;
    await runTaskDeadlines((await getDatabase()).db, NOW);
    expect(await taskEvents(task.id)).toHaveLength(events);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
  });

  it('tasks that keep failing do not starve the ones behind them', async () => {
    const { db } = await getDatabase();
    // A full page of submissions whose worker cannot be paid yet (no payout account): each run fails them.
    const unpaid = await anotherWorker();
    const stuck = await db
      .insert(tasks)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          requesterId: parties.requester.id,
          workerId: unpaid.id,
          title: `Stuck ${i}`,
          category: 'photography' as const,
          ...priceTask(2_000),
          deadline: at(20),
          status: 'submitted' as const,
          submittedAt: at(1, 0),
          livemode: false,
        })),
      )
      .returning({ id: tasks.id });
    try {
      const behind = await taskInStatus(parties, 'submitted');
      await setDates(behind.id, { submittedAt: at(2) });
      await runTaskDeadlines(db, NOW);
      expect((await taskRow(behind.id)).status).toBe('completed');
      expect(await escrowBalance(behind.id)).toBe(0);
    } finally {
      // Out of the way of later runs: ended, with nothing ever held.
      await db
        .update(tasks)
        .set({ status: 'resolved' })
        .where(
          inArray(
            tasks.id,
            stuck.map((row) => row.id),
          ),
        );
    }
  });
});
