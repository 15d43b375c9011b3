import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerTransactions } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { chargeTask, insertTask, payWorker } from '@/test/agents';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { GET } from './route';

async function payerWithTwoCharges() {
  const { db } = await getDatabase();
  const user = await insertUser(db);
  const { key } = await insertApiKey(db, { userId: user.id, mode: 'test', scopes: ['payments:read'] });
  const taskIds = [randomUUID(), randomUUID()];
  for (const [index, taskId] of taskIds.entries()) {
    await db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: 'charge',
        idempotencyKey: `test:task:${taskId}:charge`,
        livemode: false,
        taskId,
        userId: user.id,
        reference: `pi_test_${index}`,
        description: `Task ${index}`,
        entries: [
          { account: ledgerAccount.requesterFunding('test', user.id), amountCents: -(1000 + index) },
          { account: ledgerAccount.escrow('test', taskId), amountCents: 1000 + index },
        ],
      }),
    );
  }
  // Leave the ledger as the invariants want it: both escrows back to zero.
  for (const [index, taskId] of taskIds.entries()) {
    await db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: 'refund',
        idempotencyKey: `test:task:${taskId}:refund:0`,
        livemode: false,
        taskId,
        userId: null,
        description: 'cleanup',
        entries: [
          { account: ledgerAccount.escrow('test', taskId), amountCents: -(1000 + index) },
          { account: ledgerAccount.refunds('test', user.id), amountCents: 1000 + index },
        ],
      }),
    );
  }
  return { key, taskIds };
}

describe('GET /v1/payments/history', () => {
  it('lists the caller’s movements newest first, one page at a time', async () => {
    const { key, taskIds } = await payerWithTwoCharges();
    const first = await call(GET, '/v1/payments/history', { token: key, query: { limit: '1' } });
    expect(first.status).toBe(200);
    expect(first.json.hasMore).toBe(true);
    expect(first.json.data).toEqual([
      expect.objectContaining({
        kind: 'charge',
        amountCents: 1001,
        currency: 'usd',
        taskId: taskIds[1],
        livemode: false,
      }),
    ]);

    const second = await call(GET, '/v1/payments/history', {
      token: key,
      query: { limit: '1', cursor: first.json.nextCursor },
    });
    expect(second.json.data).toEqual([expect.objectContaining({ amountCents: 1000, taskId: taskIds[0] })]);
    expect(second.json).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('pages without skipping movements made within one millisecond', async () => {
    const { key, taskIds } = await payerWithTwoCharges();
    // Both charges 200 microseconds apart inside one millisecond; a page of one ends between them.
    const { db } = await getDatabase();
    const base = new Date(Date.now() + 60_000).toISOString();
    for (const [index, taskId] of taskIds.entries()) {
      await db
        .update(ledgerTransactions)
        .set({ createdAt: sql`${base}::timestamptz + ${`${100 + 200 * index} microseconds`}::interval` })
        .where(and(eq(ledgerTransactions.taskId, taskId), eq(ledgerTransactions.kind, 'charge')));
    }
    const first = await call(GET, '/v1/payments/history', { token: key, query: { limit: '1' } });
    const second = await call(GET, '/v1/payments/history', {
      token: key,
      query: { limit: '1', cursor: first.json.nextCursor },
    });
    expect([...first.json.data, ...second.json.data].map((row: { taskId: string }) => row.taskId)).toEqual([
      taskIds[1],
      taskIds[0],
    ]);
    expect(second.json.hasMore).toBe(false);
  });

  it('refuses a forged cursor and an out-of-range limit with 400', async () => {
    const { key } = await payerWithTwoCharges();
    const forged = await call(GET, '/v1/payments/history', { token: key, query: { cursor: 'not-a-cursor' } });
    expect(forged.status).toBe(400);
    expect(forged.json).toEqual(
      envelope('VALIDATION_ERROR', { issues: [{ path: ['cursor'], message: 'Invalid cursor' }] }),
    );
    const tooMany = await call(GET, '/v1/payments/history', { token: key, query: { limit: '101' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.issues[0].path).toEqual(['limit']);
  });
});

describe('GET /v1/payments/history: a worker’s transfer', () => {
  it('shows what the worker earned, not the platform’s fee taken in the same movement', async () => {
    const { db } = await getDatabase();
    const requester = await insertUser(db);
    const worker = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: worker.id, mode: 'test', scopes: ['payments:read'] });
    const task = await insertTask(requester.id, { livemode: false });
    await chargeTask(task, requester.id, task.totalCents);
    await payWorker(task, worker.id);

    const res = await call(GET, '/v1/payments/history', { token: key });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({ kind: 'transfer', taskId: task.id, amountCents: task.budgetCents }),
    ]);
  });
});
