import { describe, expect, it } from 'vitest';
import { describeOutcome } from './dispute-outcome';

describe('describeOutcome', () => {
  const split = { outcome: 'split', workerCents: 1_200, refundCents: 920 } as const;

  it('words a split from each seat', () => {
    expect(describeOutcome(split, 'worker')).toBe('Split: you received $12.00, $9.20 was refunded to the requester.');
    expect(describeOutcome(split, 'requester')).toBe('Split: the worker received $12.00, $9.20 was refunded to you.');
    expect(describeOutcome(split, 'admin')).toBe(
      'Split: the worker received $12.00, $9.20 was refunded to the requester.',
    );
  });

  it('words a refund and a payment', () => {
    const refund = { outcome: 'refund', workerCents: 0, refundCents: 2_300 } as const;
    expect(describeOutcome(refund, 'requester')).toBe('Refunded: $23.00 was refunded to you.');
    expect(describeOutcome(refund, 'worker')).toBe(
      'Refunded: $23.00 was refunded to the requester; you received nothing.',
    );
    const paid = { outcome: 'pay_worker', workerCents: 2_000, refundCents: 0 } as const;
    expect(describeOutcome(paid, 'worker')).toBe('Worker paid: you received $20.00; nothing was refunded.');
    expect(describeOutcome(paid, 'requester')).toBe('Worker paid: the worker received $20.00; nothing was refunded.');
  });
});
