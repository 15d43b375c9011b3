import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase, type Tx } from '@/db/client';
import {
  disputes,
  events,
  intakeConversations,
  ledgerEntries,
  ledgerTransactions,
  type Task,
  tasks,
  users,
  webhookDeliveries,
  webhookEndpoints,
  workerProfiles,
} from '@/db/schema';
import { checkLedger } from '@/lib/services/money/check-ledger';
import { priceTask } from '@/lib/tasks/task-rules';
import { uniquePhone } from '@/test/intake';
import { withoutStripe } from '@/test/payments';
import { getAdminDailySeries } from './get-admin-daily-series';
import { getAdminStats } from './get-admin-stats';

// The figures are compared before and after seeding inside one repeatable-read transaction that is rolled back:
// other test files share the database on PostgreSQL, and their rows must neither show in the difference nor see
// (or keep) these.

withoutStripe();

const DAY = 86_400_000;

class RolledBack extends Error {}

async function inRolledBackSnapshot(fn: (tx: Tx) => Promise<void>) {
  const { db } = await getDatabase();
  await db
    .transaction(
      async (tx) => {
        await fn(tx);
        throw new RolledBack();
      },
      { isolationLevel: 'repeatable read' },
    )
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

async function insertUser(tx: Tx, values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await tx
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, ...values })
    .returning();
  if (!row) throw new Error('user insert failed');
  return row;
}

async function insertTask(tx: Tx, requesterId: string, values: Partial<typeof tasks.$inferInsert> = {}) {
  const [row] = await tx
    .insert(tasks)
    .values({
      requesterId,
      title: 'Stats task',
      category: 'photography',
      ...priceTask(2_000),
      deadline: new Date(Date.now() + 3 * DAY),
      livemode: false,
      ...values,
    })
    .returning();
  if (!row) throw new Error('task insert failed');
  return row;
}

/** One balanced ledger transaction of `kind` for the task, dated `createdAt`. */
async function post(tx: Tx, task: Task, kind: 'charge' | 'x402_receipt' | 'release', createdAt = new Date()) {
  const mode = task.livemode ? 'live' : 'test';
  const escrow = `${mode}:escrow:task:${task.id}`;
  const entries =
    kind === 'release'
      ? [
          { account: escrow, amountCents: -task.totalCents },
          { account: `${mode}:worker_payable:${randomUUID()}`, amountCents: task.budgetCents },
          { account: `${mode}:platform_fees`, amountCents: task.platformFeeCents },
        ]
      : [
          {
            account: kind === 'charge' ? `${mode}:requester_funding:${task.requesterId}` : `${mode}:x402_receipts`,
            amountCents: -task.totalCents,
          },
          { account: escrow, amountCents: task.totalCents },
        ];
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind,
      idempotencyKey: `${randomUUID()}:${kind}`,
      livemode: task.livemode,
      taskId: task.id,
      description: 'stats test',
      createdAt,
    })
    .returning();
  if (!row) throw new Error('ledger insert failed');
  await tx.insert(ledgerEntries).values(entries.map((entry) => ({ ...entry, transactionId: row.id, createdAt })));
}

/** An endpoint whose deliveries, oldest first, ended as `statuses` (attempted once each). */
async function endpointWith(
  tx: Tx,
  ownerId: string,
  statuses: ('succeeded' | 'failed' | 'pending')[],
  disabled = false,
) {
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      ownerId,
      url: 'https://example.com/hooks',
      secret: 'sealed',
      livemode: false,
      disabledAt: disabled ? new Date() : null,
    })
    .returning();
  if (!endpoint) throw new Error('endpoint insert failed');
  for (const [index, status] of statuses.entries()) {
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    await tx.insert(events).values({ id, type: 'task.posted', data: {}, audience: [ownerId], livemode: false });
    await tx.insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      eventId: id,
      status,
      attempts: 1,
      lastAttemptAt: new Date(Date.now() - (statuses.length - index) * 60_000),
    });
  }
}

describe('getAdminStats', () => {
  it('counts what was seeded, zeros included, and reads GMV and fees from the ledger of the last 30 days', async () => {
    await inRolledBackSnapshot(async (tx) => {
      const before = await getAdminStats(tx);
      expect(Object.keys(before.tasksByStatus).sort()).toEqual([
        'accepted',
        'cancelled',
        'completed',
        'disputed',
        'draft',
        'expired',
        'posted',
        'resolved',
        'submitted',
      ]);
      expect(before.livemode).toBe(false);
      expect(before.ledger.balanced).toBe(true);

      const requester = await insertUser(tx);
      const worker = await insertUser(tx);
      await insertUser(tx, { type: 'agent', email: null, ownerId: requester.id, deletedAt: new Date() });
      await insertUser(tx, { type: 'agent', email: null, ownerId: requester.id });
      await tx.insert(workerProfiles).values({ userId: worker.id, isListed: true });
      const posted = await insertTask(tx, requester.id, { status: 'posted' });
      const paidInX402 = await insertTask(tx, requester.id, { status: 'posted' });
      const completed = await insertTask(tx, requester.id, { status: 'completed', workerId: worker.id });
      const disputed = await insertTask(tx, requester.id, { status: 'disputed', workerId: worker.id });
      const live = await insertTask(tx, requester.id, { status: 'posted', livemode: true });
      const old = await insertTask(tx, requester.id, { status: 'cancelled' });
      await post(tx, posted, 'charge');
      await post(tx, paidInX402, 'x402_receipt');
      await post(tx, completed, 'charge');
      await post(tx, completed, 'release');
      await post(tx, live, 'charge');
      await post(tx, old, 'charge', new Date(Date.now() - 31 * DAY));
      await tx
        .insert(disputes)
        .values({ taskId: disputed.id, openedById: requester.id, openedBy: 'requester', reason: 'x' });
      await tx
        .insert(intakeConversations)
        .values([{ phone: uniquePhone() }, { phone: uniquePhone(), status: 'closed' }]);
      await endpointWith(tx, requester.id, ['succeeded', 'failed']);
      await endpointWith(tx, requester.id, ['failed', 'pending']);
      await endpointWith(tx, requester.id, ['failed', 'succeeded']);
      await endpointWith(tx, requester.id, ['failed'], true);

      const after = await getAdminStats(tx);
      const grew = (key: keyof typeof after) => Number(after[key]) - Number(before[key]);
      expect(grew('users')).toBe(3);
      expect(grew('people')).toBe(2);
      expect(grew('agents')).toBe(1);
      expect(after.people + after.agents).toBe(after.users);
      expect(grew('listedWorkers')).toBe(1);
      expect(after.tasksByStatus.posted - before.tasksByStatus.posted).toBe(2);
      expect(after.tasksByStatus.completed - before.tasksByStatus.completed).toBe(1);
      expect(after.tasksByStatus.disputed - before.tasksByStatus.disputed).toBe(1);
      expect(after.tasksByStatus.cancelled - before.tasksByStatus.cancelled).toBe(1);
      expect(after.tasksByStatus.draft).toBe(before.tasksByStatus.draft);
      expect(grew('gmvCents30d')).toBe(3 * 2_300);
      expect(grew('feesCents30d')).toBe(300);
      expect(grew('openDisputes')).toBe(1);
      expect(grew('openIntake')).toBe(1);
      expect(grew('failingWebhookEndpoints')).toBe(2);
      expect(after.ledger).toEqual({ balanced: true, checkedAt: expect.any(String) });
    });
  });

  it('the daily series has every day, oldest first, zeros filled, with the tasks created and GMV funded', async () => {
    await inRolledBackSnapshot(async (tx) => {
      const before = await getAdminDailySeries(tx, { days: 30 });
      expect(before).toHaveLength(30);
      expect(before.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
      expect(before[0]?.day).toBe(new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10));
      const requester = await insertUser(tx);
      const twoDaysAgo = new Date(Date.now() - 2 * DAY);
      const task = await insertTask(tx, requester.id, { status: 'posted', createdAt: twoDaysAgo });
      await post(tx, task, 'charge', twoDaysAgo);
      await insertTask(tx, requester.id, { createdAt: new Date(Date.now() - 40 * DAY) });
      const after = await getAdminDailySeries(tx, { days: 30 });
      const changed = after
        .map((day, index) => ({
          day: day.day,
          tasks: day.tasks - (before[index]?.tasks ?? 0),
          gmvCents: day.gmvCents - (before[index]?.gmvCents ?? 0),
        }))
        .filter((day) => day.tasks !== 0 || day.gmvCents !== 0);
      expect(changed).toEqual([{ day: twoDaysAgo.toISOString().slice(0, 10), tasks: 1, gmvCents: 2_300 }]);
    });
  });
});

describe('checkLedger', () => {
  it('is balanced for the shared ledger, and not once a transaction stops summing to zero', async () => {
    const { db } = await getDatabase();
    expect((await checkLedger(db)).balanced).toBe(true);
    await inRolledBackSnapshot(async (tx) => {
      const requester = await insertUser(tx);
      const task = await insertTask(tx, requester.id);
      await post(tx, task, 'charge');
      expect((await checkLedger(tx)).balanced).toBe(true);
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'adjustment', idempotencyKey: randomUUID(), livemode: false, description: 'unbalanced' })
        .returning();
      if (!row) throw new Error('ledger insert failed');
      await tx.insert(ledgerEntries).values({ transactionId: row.id, account: 'test:adjustments', amountCents: 5 });
      expect((await checkLedger(tx)).balanced).toBe(false);
    });
    // Rolled back: nothing of it is left for the invariant check after this file.
    expect((await checkLedger(db)).balanced).toBe(true);
  });

  it('is not balanced when an account breaks its sign rule, though every transaction sums to zero', async () => {
    await inRolledBackSnapshot(async (tx) => {
      const requester = await insertUser(tx);
      const task = await insertTask(tx, requester.id);
      await post(tx, task, 'release');
      expect((await checkLedger(tx)).balanced).toBe(false);
    });
  });
});
