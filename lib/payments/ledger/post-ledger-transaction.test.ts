import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerEntries, ledgerTransactions } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { balanceRule, type LedgerMode, ledgerAccount } from './accounts';
import { type LedgerTransactionInput, postLedgerTransaction } from './post-ledger-transaction';

/** Posts one ledger transaction in its own database transaction, the way services do. */
async function post(input: LedgerTransactionInput) {
  const database = await getDatabase();
  return database.db.transaction(async (tx) => postLedgerTransaction(tx, input));
}

/** Current balances of `accounts` (0 for an account without entries). */
async function balances(accounts: string[]): Promise<Record<string, number>> {
  const database = await getDatabase();
  const rows = await database.db
    .select({ account: ledgerEntries.account, balance: sql<string>`sum(${ledgerEntries.amountCents})::text` })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, accounts))
    .groupBy(ledgerEntries.account);
  const result: Record<string, number> = Object.fromEntries(accounts.map((account) => [account, 0]));
  for (const row of rows) result[row.account] = Number(row.balance);
  return result;
}

async function transactionsWithKeys(keys: string[]) {
  const database = await getDatabase();
  return database.db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.idempotencyKey, keys));
}

async function entriesOf(transactionId: string) {
  const database = await getDatabase();
  const rows = await database.db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(asc(ledgerEntries.id));
  return rows;
}

async function entriesOnAccounts(accounts: string[]) {
  const database = await getDatabase();
  return database.db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, accounts))
    .orderBy(asc(ledgerEntries.id));
}

/** Fresh ids and account names for one task between one requester and one worker. */
function scenario(mode: LedgerMode = 'test', taskId: string = randomUUID()) {
  const requesterId = randomUUID();
  const workerId = randomUUID();
  return {
    taskId,
    requesterId,
    workerId,
    livemode: mode === 'live',
    funding: ledgerAccount.requesterFunding(mode, requesterId),
    escrow: ledgerAccount.escrow(mode, taskId),
    payable: ledgerAccount.workerPayable(mode, workerId),
    payouts: ledgerAccount.workerPayouts(mode, workerId),
    refunds: ledgerAccount.refunds(mode, requesterId),
    fees: ledgerAccount.platformFees(mode),
  };
}

type Scenario = ReturnType<typeof scenario>;

function charge(s: Scenario, amountCents: number, key = `task:${s.taskId}:charge`): LedgerTransactionInput {
  return {
    kind: 'charge',
    idempotencyKey: key,
    livemode: s.livemode,
    taskId: s.taskId,
    userId: s.requesterId,
    reference: `pi_${s.taskId}`,
    description: 'Task funded by card',
    entries: [
      { account: s.funding, amountCents: -amountCents },
      { account: s.escrow, amountCents },
    ],
  };
}

function refund(s: Scenario, amountCents: number, key: string): LedgerTransactionInput {
  return {
    kind: 'refund',
    idempotencyKey: key,
    livemode: s.livemode,
    taskId: s.taskId,
    userId: s.requesterId,
    description: 'Task refunded',
    entries: [
      { account: s.escrow, amountCents: -amountCents },
      { account: s.refunds, amountCents },
    ],
  };
}

/** Asserts `promise` rejects with an ApiError CONFLICT about `account` (mode and kind only). */
async function expectConflict(promise: Promise<unknown>, account: string) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'CONFLICT', status: 409, details: { account } });
}

describe('postLedgerTransaction(): a task’s money from charge to payout', () => {
  it('stores a charge, a completion and a transfer, and moves the balances; escrow ends at zero', async () => {
    const s = scenario();
    const total = 10_000;
    const fee = 1_500;
    const worker = total - fee;

    const charged = await post(charge(s, total));
    const completed = await post({
      kind: 'release',
      idempotencyKey: `task:${s.taskId}:complete`,
      livemode: false,
      taskId: s.taskId,
      userId: s.workerId,
      description: 'Task completed',
      entries: [
        { account: s.escrow, amountCents: -total },
        { account: s.payable, amountCents: worker },
        { account: s.fees, amountCents: fee },
      ],
    });
    const transferred = await post({
      kind: 'transfer',
      idempotencyKey: `task:${s.taskId}:transfer`,
      livemode: false,
      taskId: s.taskId,
      userId: s.workerId,
      reference: `tr_${s.taskId}`,
      description: 'Paid out to worker',
      entries: [
        { account: s.payable, amountCents: -worker },
        { account: s.payouts, amountCents: worker },
      ],
    });

    expect([charged.created, completed.created, transferred.created]).toEqual([true, true, true]);
    expect(new Set([charged.id, completed.id, transferred.id]).size).toBe(3);

    const stored = await transactionsWithKeys([
      `task:${s.taskId}:charge`,
      `task:${s.taskId}:complete`,
      `task:${s.taskId}:transfer`,
    ]);
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(byId.get(charged.id)).toMatchObject({
      kind: 'charge',
      idempotencyKey: `task:${s.taskId}:charge`,
      livemode: false,
      taskId: s.taskId,
      userId: s.requesterId,
      reference: `pi_${s.taskId}`,
      description: 'Task funded by card',
    });
    expect(byId.get(charged.id)?.createdAt).toBeInstanceOf(Date);
    expect(byId.get(completed.id)).toMatchObject({
      kind: 'release',
      taskId: s.taskId,
      userId: s.workerId,
      reference: null,
    });
    expect(byId.get(transferred.id)).toMatchObject({ kind: 'transfer', reference: `tr_${s.taskId}` });

    expect(await entriesOf(charged.id)).toEqual([
      { account: s.funding, amountCents: -total },
      { account: s.escrow, amountCents: total },
    ]);
    expect(await entriesOf(completed.id)).toEqual([
      { account: s.escrow, amountCents: -total },
      { account: s.payable, amountCents: worker },
      { account: s.fees, amountCents: fee },
    ]);
    expect(await entriesOf(transferred.id)).toEqual([
      { account: s.payable, amountCents: -worker },
      { account: s.payouts, amountCents: worker },
    ]);

    // platform_fees is shared by every task, so only this task's accounts are compared whole.
    expect(await balances([s.funding, s.escrow, s.payable, s.payouts])).toEqual({
      [s.funding]: -total,
      [s.escrow]: 0,
      [s.payable]: 0,
      [s.payouts]: worker,
    });
  });

  it('shows the intermediate balances after each step', async () => {
    const s = scenario();
    await post(charge(s, 2_000));
    expect(await balances([s.funding, s.escrow, s.payable])).toEqual({
      [s.funding]: -2_000,
      [s.escrow]: 2_000,
      [s.payable]: 0,
    });
    await post({
      kind: 'release',
      idempotencyKey: `task:${s.taskId}:complete`,
      livemode: false,
      description: 'Task completed',
      entries: [
        { account: s.escrow, amountCents: -2_000 },
        { account: s.payable, amountCents: 1_700 },
        { account: s.fees, amountCents: 300 },
      ],
    });
    expect(await balances([s.funding, s.escrow, s.payable, s.payouts])).toEqual({
      [s.funding]: -2_000,
      [s.escrow]: 0,
      [s.payable]: 1_700,
      [s.payouts]: 0,
    });
  });

  it('accepts optional fields left out and stores them as null', async () => {
    const s = scenario();
    const posted = await post({
      kind: 'charge',
      idempotencyKey: `task:${s.taskId}:charge`,
      livemode: false,
      description: 'Bare charge',
      entries: [
        { account: s.funding, amountCents: -1 },
        { account: s.escrow, amountCents: 1 },
      ],
    });
    const [row] = await transactionsWithKeys([`task:${s.taskId}:charge`]);
    expect(row).toMatchObject({ id: posted.id, taskId: null, userId: null, reference: null });
  });
});

describe('postLedgerTransaction(): idempotency', () => {
  it('returns created:false with the same id for a repeated key, and writes no new entries', async () => {
    const s = scenario();
    const first = await post(charge(s, 4_200));
    const second = await post(charge(s, 4_200));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });

    expect(await transactionsWithKeys([`task:${s.taskId}:charge`])).toHaveLength(1);
    expect(await entriesOf(first.id)).toHaveLength(2);
    expect(await balances([s.funding, s.escrow])).toEqual({ [s.funding]: -4_200, [s.escrow]: 4_200 });
  });

  it('keeps the first posting when a repeat with the same key carries other entries', async () => {
    const s = scenario();
    const first = await post(charge(s, 1_000));
    const repeat = await post(charge(s, 9_999));
    expect(repeat).toEqual({ id: first.id, created: false });
    expect(await balances([s.funding, s.escrow])).toEqual({ [s.funding]: -1_000, [s.escrow]: 1_000 });
  });

  it('writes once when the same key is posted concurrently', async () => {
    const s = scenario();
    const results = await Promise.all([post(charge(s, 700)), post(charge(s, 700))]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(results[0]?.id).toBe(results[1]?.id);
    expect(await transactionsWithKeys([`task:${s.taskId}:charge`])).toHaveLength(1);
    expect(await balances([s.funding, s.escrow])).toEqual({ [s.funding]: -700, [s.escrow]: 700 });
  });
});

describe('postLedgerTransaction(): malformed entries', () => {
  const cases: Array<{ name: string; entries: (s: Scenario) => LedgerTransactionInput['entries']; message: RegExp }> = [
    {
      name: 'entries that do not balance',
      entries: (s) => [
        { account: s.funding, amountCents: -1_000 },
        { account: s.escrow, amountCents: 999 },
      ],
      message: /does not balance: entries sum to -1/,
    },
    {
      name: 'a single entry',
      entries: (s) => [{ account: s.escrow, amountCents: 1_000 }],
      message: /at least two entries/,
    },
    {
      name: 'no entries',
      entries: () => [],
      message: /at least two entries/,
    },
    {
      name: 'a zero amount',
      entries: (s) => [
        { account: s.funding, amountCents: 0 },
        { account: s.escrow, amountCents: 0 },
      ],
      message: /non-zero integer cents, got 0/,
    },
    {
      name: 'a zero amount among balanced ones',
      entries: (s) => [
        { account: s.funding, amountCents: -500 },
        { account: s.escrow, amountCents: 500 },
        { account: s.fees, amountCents: 0 },
      ],
      message: /non-zero integer cents, got 0/,
    },
    {
      name: 'a non-integer amount',
      entries: (s) => [
        { account: s.funding, amountCents: -12.5 },
        { account: s.escrow, amountCents: 12.5 },
      ],
      message: /non-zero integer cents, got -12.5/,
    },
    {
      name: 'an amount beyond the safe integer range',
      entries: (s) => [
        { account: s.funding, amountCents: -(2 ** 53) },
        { account: s.escrow, amountCents: 2 ** 53 },
      ],
      message: /non-zero integer cents/,
    },
    {
      name: 'a NaN amount',
      entries: (s) => [
        { account: s.funding, amountCents: Number.NaN },
        { account: s.escrow, amountCents: Number.NaN },
      ],
      message: /non-zero integer cents, got NaN/,
    },
  ];

  for (const { name, entries, message } of cases) {
    it(`refuses ${name} with an Error and writes nothing`, async () => {
      const s = scenario();
      const key = `task:${s.taskId}:charge`;
      const attempt = post({ ...charge(s, 1_000, key), entries: entries(s) });
      await expect(attempt).rejects.toThrow(message);
      await expect(attempt).rejects.not.toBeInstanceOf(ApiError);

      expect(await transactionsWithKeys([key])).toEqual([]);
      expect(await entriesOnAccounts([s.funding, s.escrow])).toEqual([]);
    });
  }
});

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
