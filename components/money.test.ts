import { describe, expect, it } from 'vitest';
import { plural, relativeTime } from './format';
import { describeMovement, signedDollars } from './money';

describe('plural', () => {
  it('says one thing or many', () => {
    expect(plural(0, 'active key')).toBe('0 active keys');
    expect(plural(1, 'active key')).toBe('1 active key');
    expect(plural(2, 'active key')).toBe('2 active keys');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('is relative within a week and null beyond', () => {
    expect(relativeTime('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-01-10T11:57:00Z', now)).toBe('3 min. ago');
    expect(relativeTime('2026-01-10T10:00:00Z', now)).toBe('2 hr. ago');
    expect(relativeTime('2026-01-12T12:00:00Z', now)).toBe('in 2 days');
    expect(relativeTime('2025-12-01T12:00:00Z', now)).toBeNull();
  });
});

describe('describeMovement', () => {
  const task = (status: string, workerCents = 0, refundedCents = 0) => ({
    status,
    money: { heldCents: 0, workerCents, refundedCents },
  });

  it('signs money out as − and money back or paid to the user as +', () => {
    expect(describeMovement('charge', 2_300, task('posted'))).toEqual({
      signedCents: -2_300,
      label: 'Card charged — held in escrow',
    });
    expect(describeMovement('refund', 800, task('cancelled'))).toEqual({ signedCents: 800, label: 'Refunded to you' });
    expect(describeMovement('transfer', 2_000, task('completed'))).toEqual({
      signedCents: 2_000,
      label: 'Paid to you',
    });
  });

  it('says "held in escrow" only while the task is open, then what the ledger booked', () => {
    expect(describeMovement('charge', 2_300, task('completed', 2_000)).label).toBe(
      'Card charged — paid $20.00 to the worker',
    );
    expect(describeMovement('x402_receipt', 2_300, task('cancelled', 0, 2_300)).label).toBe(
      'Paid with x402 — refunded $23.00',
    );
    expect(describeMovement('x402_receipt', 2_300, task('disputed')).label).toBe('Paid with x402 — held in escrow');
    expect(describeMovement('charge', 2_300, null).label).toBe('Card charged — held in escrow');
  });

  it('names both sides of a split dispute, not "paid to worker"', () => {
    expect(describeMovement('charge', 2_875, task('resolved', 1_250, 1_437)).label).toBe(
      'Card charged — paid $12.50 to the worker, $14.37 refunded',
    );
    expect(describeMovement('charge', 2_875, task('resolved', 0, 2_875)).label).toBe('Card charged — refunded $28.75');
  });

  it('counts held pay once: the release is the earning, its later transfer a neutral move', () => {
    expect(describeMovement('release', 2_000, task('completed', 2_000), true)).toEqual({
      signedCents: 2_000,
      label: 'Earned — held until your payout account can receive it',
    });
    const sent = describeMovement('transfer', 2_000, task('completed', 2_000), true);
    expect(sent).toEqual({ signedCents: 2_000, label: 'Held pay sent to your payout account', neutral: true });
    expect(signedDollars(sent.signedCents, sent.neutral)).toBe('$20.00');
  });

  it('formats signed dollars', () => {
    expect(signedDollars(-2_300)).toBe('−$23.00');
    expect(signedDollars(800)).toBe('+$8.00');
    expect(signedDollars(0)).toBe('$0.00');
  });
});
