import { describe, expect, it } from 'vitest';
import { disputeShares } from './dispute-shares';

// A $20.00 task: the requester paid $23.00 (a $3.00 fee).
const task = { budgetCents: 2_000, platformFeeCents: 300, totalCents: 2_300 };

describe('disputeShares', () => {
  it('refunds the whole total, the fee included, for a refund', () => {
    expect(disputeShares(task, 'refund')).toEqual({ ok: true, workerCents: 0, feeCents: 0, refundCents: 2_300 });
  });

  it('pays the worker the budget and the platform the task’s own fee, refunding nothing, for pay_worker', () => {
    expect(disputeShares(task, 'pay_worker', 5)).toEqual({
      ok: true,
      workerCents: 2_000,
      feeCents: 300,
      refundCents: 0,
    });
  });

  it('splits: the worker’s part, 15% of it as the fee, the rest refunded', () => {
    expect(disputeShares(task, 'split', 1_200)).toEqual({
      ok: true,
      workerCents: 1_200,
      feeCents: 180,
      refundCents: 920,
    });
    // The fee is rounded to the cent as priceTask rounds it.
    expect(disputeShares(task, 'split', 333)).toEqual({ ok: true, workerCents: 333, feeCents: 50, refundCents: 1_917 });
    expect(disputeShares(task, 'split', 1_999)).toEqual({
      ok: true,
      workerCents: 1_999,
      feeCents: 300,
      refundCents: 1,
    });
  });

  it('refuses a split without a positive whole number of cents', () => {
    for (const cents of [null, 0, -100, 12.5, Number.NaN]) {
      expect(disputeShares(task, 'split', cents)).toEqual({
        ok: false,
        problem: 'Enter what the worker gets, in dollars.',
      });
    }
  });

  it('refuses a split that gives the worker the whole budget or more', () => {
    for (const cents of [2_000, 2_500]) {
      expect(disputeShares(task, 'split', cents)).toMatchObject({ ok: false });
    }
  });
});
