import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { adminCallerOf } from '@/test/admin';
import { disputedTask } from '@/test/disputes';
import { intakeAdminForFile } from '@/test/intake';
import { anotherWorker, callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { onboardPayouts } from '@/test/workers';
import { resolveDispute } from '../disputes/resolve-dispute';
import { readTaskMoney } from './read-task-money';
import { sendDueTransfers } from './send-due-transfers';

// Tasks driven through the real routes ($20.00 budget, $23.00 charged); what each page says about their money is
// read back from the ledger.
const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

async function moneyOf(taskId: string) {
  const { db } = await getDatabase();
  return (await readTaskMoney(db, [taskId])).get(taskId);
}

describe('readTaskMoney', () => {
  it('reads held, paid and refunded money for many tasks in one call; a draft has none', async () => {
    const [draft, posted, completed, cancelled] = await Promise.all([
      taskInStatus(parties, 'draft'),
      taskInStatus(parties, 'posted'),
      taskInStatus(parties, 'completed'),
      taskInStatus(parties, 'cancelled'),
    ]);
    const { db } = await getDatabase();
    const money = await readTaskMoney(db, [draft.id, posted.id, completed.id, cancelled.id, null, randomUUID()]);
    expect(Object.fromEntries(money)).toEqual({
      [posted.id]: { heldCents: 2_300, workerCents: 0, refundedCents: 0 },
      [completed.id]: { heldCents: 0, workerCents: 2_000, refundedCents: 0 },
      [cancelled.id]: { heldCents: 0, workerCents: 0, refundedCents: 2_300 },
    });
    expect(await readTaskMoney(db, [])).toEqual(new Map());
  });

  it('a split dispute: the worker’s part and the requester’s refund, as the resolution booked them', async () => {
    const { task } = await disputedTask(parties);
    const { db } = await getDatabase();
    await resolveDispute(db, {
      admin: await adminCallerOf(admin, '203.0.113.9'),
      taskId: task.id,
      resolution: { outcome: 'split', workerCents: 1_250 },
    });
    // The fee is taken on the worker's part only: 15% of $12.50 rounds to $1.88, so $23.00 − $14.38 = $8.62 back.
    expect(await moneyOf(task.id)).toEqual({ heldCents: 0, workerCents: 1_250, refundedCents: 862 });
  });

  it('held pay counts once: released to the worker, then sent to their payout account', async () => {
    const newcomer = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    for (const [action, token] of [
      ['accept', newcomer.token],
      ['submit', newcomer.token],
      ['approve', parties.requester.token],
    ] as const) {
      expect((await callAction(action, task.id, token)).status).toBe(200);
    }
    expect(await moneyOf(task.id)).toEqual({ heldCents: 0, workerCents: 2_000, refundedCents: 0 });
    await onboardPayouts({ id: newcomer.id, email: null });
    const { db } = await getDatabase();
    await sendDueTransfers(db);
    expect(await moneyOf(task.id)).toEqual({ heldCents: 0, workerCents: 2_000, refundedCents: 0 });
  });
});
