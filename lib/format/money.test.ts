import { describe, expect, it } from 'vitest';
import { centsAsDecimal, formatMoney } from './money';

describe('formatMoney', () => {
  it('prints cents as dollars with two decimals and no grouping', () => {
    expect(formatMoney(2300)).toBe('$23.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123456)).toBe('$1234.56');
    expect(formatMoney(-150)).toBe('$-1.50');
  });

  it('centsAsDecimal is the same figure without the dollar sign, for a form field', () => {
    expect(centsAsDecimal(2300)).toBe('23.00');
    expect(centsAsDecimal(1999)).toBe('19.99');
  });
});
