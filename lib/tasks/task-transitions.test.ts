import { describe, expect, it } from 'vitest';
import { withEnv } from '@/test/env';
import { canTake, noShowFrom, unmetGuard } from './task-transitions';

const HOUR = 3_600_000;
const now = new Date('2030-01-10T12:00:00.000Z');
const accepted = (hoursAgo: number, serviceId: string | null = null) => ({
  status: 'accepted' as const,
  deadline: new Date(now.getTime() - hoursAgo * HOUR),
  submittedAt: null,
  serviceId,
});
const SERVICE = '00000000-0000-4000-8000-000000000001';

describe('noShowFrom', () => {
  it('a task: its deadline', () => {
    expect(noShowFrom(accepted(1))).toEqual(new Date(now.getTime() - HOUR));
  });

  it('a booking: BOOKING_NO_SHOW_GRACE_HOURS (default 12) after the slot’s end, following the setting', async () => {
    expect(noShowFrom(accepted(1, SERVICE))).toEqual(new Date(now.getTime() + 11 * HOUR));
    await withEnv({ BOOKING_NO_SHOW_GRACE_HOURS: '48' }, async () => {
      expect(noShowFrom(accepted(1, SERVICE))).toEqual(new Date(now.getTime() + 47 * HOUR));
    });
  });

  it('an accepted task may be cancelled at any time: the cancel has no guard', () => {
    expect(canTake('cancel', accepted(-5), now)).toBe(true);
    expect(canTake('cancel', accepted(-5, SERVICE), now)).toBe(true);
  });
});

describe('the slot guard on submit', () => {
  const booked = (startsInHours: number | null) => ({
    ...accepted(-2, SERVICE),
    startsAt: startsInHours === null ? null : new Date(now.getTime() + startsInHours * HOUR),
  });

  it('a booking takes proof from the start of its slot, not before', () => {
    expect(unmetGuard('submit', booked(0.5), now)).toBe('slotStarted');
    expect(canTake('submit', booked(0), now)).toBe(true);
    expect(canTake('submit', booked(-1), now)).toBe(true);
  });

  it('a task without a slot is never held back', () => {
    expect(canTake('submit', booked(null), now)).toBe(true);
    expect(canTake('submit', accepted(-2), now)).toBe(true);
  });
});
