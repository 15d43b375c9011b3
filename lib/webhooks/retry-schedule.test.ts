import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextRetryDelaySeconds, parseRetryAfter, RETRY_DELAYS_SECONDS } from './retry-schedule';

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the 1st..7th failure, then nothing', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelaySeconds(n, 0.5))).toEqual([
      5, 300, 1800, 7200, 18_000, 36_000, 36_000,
    ]);
    expect(nextRetryDelaySeconds(8, 0.5)).toBeNull();
    expect(nextRetryDelaySeconds(0, 0.5)).toBeNull();
  });

  it('jitters each delay by at most ±20%', () => {
    expect(nextRetryDelaySeconds(1, 0)).toBeCloseTo(4);
    expect(nextRetryDelaySeconds(1, 0.999_999)).toBeCloseTo(6);
    expect(nextRetryDelaySeconds(4, 0)).toBeCloseTo(5760);
    expect(nextRetryDelaySeconds(4, 0.999_999)).toBeCloseTo(8640);
    const samples = Array.from({ length: 2000 }, () => nextRetryDelaySeconds(2) as number);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(240);
    expect(Math.max(...samples)).toBeLessThanOrEqual(360);
    // Spread out, not a constant: retries of many deliveries do not land at the same instant.
    expect(new Set(samples.map(Math.round)).size).toBeGreaterThan(50);
  });

  it('reads Retry-After as seconds or an HTTP date, capped at a day', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('99999999', now)).toBe(86_400);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
