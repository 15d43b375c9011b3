import { describe, expect, it } from 'vitest';
import { InFlightBudget } from './in-flight-budget';

describe('InFlightBudget', () => {
  it('bounds reservations per key and bytes in total, and gives back exactly what was taken', () => {
    const budget = new InFlightBudget({ perKey: 2, totalBytes: 100 });
    const a1 = budget.tryAcquire('a', 40);
    const a2 = budget.tryAcquire('a', 10);
    expect(typeof a1).toBe('function');
    expect(typeof a2).toBe('function');
    expect(budget.tryAcquire('a', 1)).toBe('key');
    const b1 = budget.tryAcquire('b', 50);
    expect(typeof b1).toBe('function');
    expect(budget.tryAcquire('c', 1)).toBe('total');
    expect(budget.usage()).toEqual({ count: 2, totalBytes: 100 });

    if (typeof a1 === 'function') {
      a1();
      a1(); // a second release gives nothing back twice
    }
    expect(budget.usage('a')).toEqual({ count: 1, totalBytes: 60 });
    expect(typeof budget.tryAcquire('c', 40)).toBe('function');
    expect(budget.tryAcquire('c', 1)).toBe('total');
  });
});
