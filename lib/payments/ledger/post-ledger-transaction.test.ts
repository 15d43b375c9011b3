import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors/api-error';
import {
  balances,
  charge,
  entriesOf,
  entriesOnAccounts,
  post,
  type Scenario,
  scenario,
  transactionsWithKeys,
} from '@/test/ledger';
import type { LedgerTransactionInput } from './post-ledger-transaction';

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
