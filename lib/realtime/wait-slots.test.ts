import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors/api-error';
import { heldWaitSlots, takeWaitSlot } from './wait-slots';

describe('takeWaitSlot', () => {
  it('counts per principal, refuses past the limit with 429 and frees a slot once per release', () => {
    const principal = randomUUID();
    const first = takeWaitSlot(principal, 2);
    takeWaitSlot(principal, 2);
    expect(heldWaitSlots(principal)).toBe(2);
    expect(() => takeWaitSlot(principal, 2)).toThrow(ApiError);
    expect(heldWaitSlots(randomUUID())).toBe(0);

    first();
    first();
    expect(heldWaitSlots(principal)).toBe(1);
    expect(() => takeWaitSlot(principal, 2)).not.toThrow();
  });

  it('refuses with RATE_LIMIT_EXCEEDED, Retry-After and details', () => {
    const principal = randomUUID();
    takeWaitSlot(principal, 1);
    try {
      takeWaitSlot(principal, 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const refused = error as ApiError;
      expect(refused.status).toBe(429);
      expect(refused.headers).toEqual({ 'Retry-After': '5' });
      expect(refused.details).toEqual({ retryAfter: 5, limit: 1, reason: 'concurrent_waits' });
    }
  });
});
