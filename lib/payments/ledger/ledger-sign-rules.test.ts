import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import {
  balances,
  charge,
  entriesOnAccounts,
  expectConflict,
  post,
  refund,
  scenario,
  transactionsWithKeys,
} from '@/test/ledger';
import { balanceRule, type LedgerMode, ledgerAccount } from './accounts';
import { postLedgerTransaction } from './post-ledger-transaction';

describe('postLedgerTransaction(): sign rules', () => {
  it('refuses a refund of more than the escrow holds with CONFLICT, rolling back the whole transaction', async () => {
    const s = scenario();
    const other = scenario();
    await post(charge(s, 1_000));
    const otherKey = `task:${other.taskId}:charge`;
    const refundKey = `task:${s.taskId}:refund`;

    const database = await getDatabase();
    await expectConflict(
      database.db.transaction(async (tx) => {
        // Earlier work in the same transaction must roll back with the refused movement.
        await postLedgerTransaction(tx, charge(other, 300, otherKey));
        return postLedgerTransaction(tx, refund(s, 1_001, refundKey));
      }),
      'test:escrow',
    );

    expect(await transactionsWithKeys([refundKey, otherKey])).toEqual([]);
    expect(await balances([s.escrow, s.refunds, other.escrow, other.funding])).toEqual({
      [s.escrow]: 1_000,
      [s.refunds]: 0,
      [other.escrow]: 0,
      [other.funding]: 0,
    });

    // Refunding exactly what is held is fine and empties the escrow.
    expect((await post(refund(s, 1_000, refundKey))).created).toBe(true);
    expect(await balances([s.escrow, s.refunds])).toEqual({ [s.escrow]: 0, [s.refunds]: 1_000 });
  });

  it('refuses releasing from an escrow that was never funded', async () => {
    const s = scenario();
    const key = `task:${s.taskId}:refund`;
    await expectConflict(post(refund(s, 1, key)), 'test:escrow');
    expect(await transactionsWithKeys([key])).toEqual([]);
    expect(await entriesOnAccounts([s.escrow, s.refunds])).toEqual([]);
  });

  it('refuses transferring more than the worker is owed, naming the payable account', async () => {
    const s = scenario();
    await post(charge(s, 1_000));
    await post({
      kind: 'release',
      idempotencyKey: `task:${s.taskId}:complete`,
      livemode: false,
      description: 'Task completed',
      entries: [
        { account: s.escrow, amountCents: -1_000 },
        { account: s.payable, amountCents: 850 },
        { account: s.fees, amountCents: 150 },
      ],
    });
    const key = `task:${s.taskId}:transfer`;
    await expectConflict(
      post({
        kind: 'transfer',
        idempotencyKey: key,
        livemode: false,
        description: 'Paid out to worker',
        entries: [
          { account: s.payable, amountCents: -851 },
          { account: s.payouts, amountCents: 851 },
        ],
      }),
      'test:worker_payable',
    );
    expect(await transactionsWithKeys([key])).toEqual([]);
    expect(await balances([s.payable, s.payouts])).toEqual({ [s.payable]: 850, [s.payouts]: 0 });
  });

  it('refuses a movement that would make a funding source positive', async () => {
    const s = scenario();
    const key = `task:${s.taskId}:adjustment`;
    await expectConflict(
      post({
        kind: 'adjustment',
        idempotencyKey: key,
        livemode: false,
        description: 'Money into a funding source',
        entries: [
          { account: s.funding, amountCents: 100 },
          { account: s.funding.replace(s.requesterId, randomUUID()), amountCents: -100 },
        ],
      }),
      'test:requester_funding',
    );
    expect(await transactionsWithKeys([key])).toEqual([]);
  });

  it('lets exactly one of two concurrent full refunds through; the escrow ends at zero, never below', async () => {
    const s = scenario();
    await post(charge(s, 5_000));
    const keys = [`task:${s.taskId}:refund:a`, `task:${s.taskId}:refund:b`];

    const outcomes = await Promise.allSettled(keys.map((key) => post(refund(s, 5_000, key))));

    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason).toBeInstanceOf(ApiError);
    expect(rejected[0]?.reason).toMatchObject({ code: 'CONFLICT', details: { account: 'test:escrow' } });
    expect(fulfilled[0]?.value.created).toBe(true);

    const stored = await transactionsWithKeys(keys);
    expect(stored.map((row) => row.id)).toEqual([fulfilled[0]?.value.id]);
    expect(await balances([s.escrow, s.refunds])).toEqual({ [s.escrow]: 0, [s.refunds]: 5_000 });
    // The escrow's history in order: funded once, emptied once; its running balance never dipped below zero.
    expect((await entriesOnAccounts([s.escrow])).map((entry) => entry.amountCents)).toEqual([5_000, -5_000]);
  });

  it('holds the escrow rule for many escrows, each raced by two full refunds at once', async () => {
    const tasks = Array.from({ length: 8 }, () => scenario());
    for (const s of tasks) await post(charge(s, 1_200));

    const outcomes = await Promise.allSettled(
      tasks.flatMap((s) => [
        post(refund(s, 1_200, `task:${s.taskId}:refund:a`)),
        post(refund(s, 1_200, `task:${s.taskId}:refund:b`)),
      ]),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(tasks.length);
    for (const outcome of outcomes.filter((item) => item.status === 'rejected')) {
      expect(outcome.reason).toMatchObject({ code: 'CONFLICT', details: { account: 'test:escrow' } });
    }
    const after = await balances(tasks.map((s) => s.escrow));
    expect(Object.values(after)).toEqual(tasks.map(() => 0));
    for (const s of tasks) {
      expect(await transactionsWithKeys([`task:${s.taskId}:refund:a`, `task:${s.taskId}:refund:b`])).toHaveLength(1);
    }
  });

  it('lets only as many concurrent partial refunds through as the escrow holds', async () => {
    const s = scenario();
    await post(charge(s, 3_000));
    const keys = Array.from({ length: 5 }, (_, index) => `task:${s.taskId}:refund:${index}`);

    const outcomes = await Promise.allSettled(keys.map((key) => post(refund(s, 1_000, key))));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes.filter((item) => item.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(ApiError);
      expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
    }
    expect(await transactionsWithKeys(keys)).toHaveLength(3);
    expect(await balances([s.escrow, s.refunds])).toEqual({ [s.escrow]: 0, [s.refunds]: 3_000 });
    const running: number[] = [];
    for (const entry of await entriesOnAccounts([s.escrow])) running.push((running.at(-1) ?? 0) + entry.amountCents);
    expect(running).toEqual([3_000, 2_000, 1_000, 0]);
  });

  it('keeps test and live money apart: a live escrow does not cover a test-mode refund of the same task', async () => {
    const live = scenario('live');
    const test = scenario('test', live.taskId);
    expect(test.escrow).not.toBe(live.escrow);
    await post(charge(live, 2_500));
    const key = `task:${live.taskId}:refund:test`;
    await expectConflict(post(refund(test, 2_500, key)), 'test:escrow');
    expect(await transactionsWithKeys([key])).toEqual([]);
    expect(await balances([live.escrow, test.escrow])).toEqual({ [live.escrow]: 2_500, [test.escrow]: 0 });
    const [row] = await transactionsWithKeys([`task:${live.taskId}:charge`]);
    expect(row?.livemode).toBe(true);
  });
});

describe('balanceRule()', () => {
  const userId = randomUUID();
  const taskId = randomUUID();

  for (const mode of ['test', 'live'] as const) {
    it(`gives each ${mode} account kind its sign rule`, () => {
      expect(balanceRule(ledgerAccount.requesterFunding(mode, userId))).toBe('nonPositive');
      expect(balanceRule(ledgerAccount.x402Receipts(mode))).toBe('nonPositive');
      expect(balanceRule(ledgerAccount.escrow(mode, taskId))).toBe('nonNegative');
      expect(balanceRule(ledgerAccount.platformFees(mode))).toBe('nonNegative');
      expect(balanceRule(ledgerAccount.workerPayable(mode, userId))).toBe('nonNegative');
      expect(balanceRule(ledgerAccount.workerPayouts(mode, userId))).toBe('nonNegative');
      expect(balanceRule(ledgerAccount.refunds(mode, userId))).toBe('nonNegative');
    });
  }

  it('has no rule for an unknown kind or a malformed name', () => {
    expect(balanceRule('test:suspense')).toBe('any');
    expect(balanceRule('test')).toBe('any');
    expect(balanceRule('')).toBe('any');
    expect(balanceRule('escrow')).toBe('any');
  });
});

describe('ledgerAccount', () => {
  const userId = randomUUID();
  const taskId = randomUUID();

  it('spells every account as <mode>:<kind>[:<owner>]', () => {
    expect(ledgerAccount.requesterFunding('test', userId)).toBe(`test:requester_funding:${userId}`);
    expect(ledgerAccount.x402Receipts('live')).toBe('live:x402_receipts');
    expect(ledgerAccount.escrow('test', taskId)).toBe(`test:escrow:task:${taskId}`);
    expect(ledgerAccount.platformFees('live')).toBe('live:platform_fees');
    expect(ledgerAccount.workerPayable('test', userId)).toBe(`test:worker_payable:${userId}`);
    expect(ledgerAccount.workerPayouts('live', userId)).toBe(`live:worker_payouts:${userId}`);
    expect(ledgerAccount.refunds('test', userId)).toBe(`test:refunds:${userId}`);
  });

  it('gives test and live money distinct names for every account', () => {
    const names = (mode: LedgerMode) => [
      ledgerAccount.requesterFunding(mode, userId),
      ledgerAccount.x402Receipts(mode),
      ledgerAccount.escrow(mode, taskId),
      ledgerAccount.platformFees(mode),
      ledgerAccount.workerPayable(mode, userId),
      ledgerAccount.workerPayouts(mode, userId),
      ledgerAccount.refunds(mode, userId),
    ];
    const test = names('test');
    const live = names('live');
    for (const [index, name] of test.entries()) {
      expect(name).not.toBe(live[index]);
      expect(name.startsWith('test:')).toBe(true);
      expect(live[index]?.startsWith('live:')).toBe(true);
    }
    expect(new Set([...test, ...live]).size).toBe(test.length * 2);
  });
});
