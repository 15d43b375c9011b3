import { describe, expect, it } from 'vitest';
import { withEnv } from '@/test/env';
import { cancellationPolicyValues, cancelTerms, lateCancelFeeCents } from './cancellation-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = new Date('2030-01-10T12:00:00.000Z');
const SERVICE = '00000000-0000-4000-8000-000000000001';
const accepted = ({
  acceptedMinutesAgo = 60,
  deadlineInHours = 5,
  submitted = false,
  serviceId = null as string | null,
} = {}) => ({
  status: 'accepted' as const,
  acceptedAt: new Date(now.getTime() - acceptedMinutesAgo * MINUTE),
  deadline: new Date(now.getTime() + deadlineInHours * HOUR),
  submittedAt: submitted ? new Date(now.getTime() - MINUTE) : null,
  serviceId,
  budgetCents: 2_600,
});

describe('the late-cancel fee: min(budget, max(CANCEL_FEE_MIN_CENTS, CANCEL_FEE_PERCENT % of it))', () => {
  it('defaults to 25% with a $5 floor, never more than the budget', () => {
    expect(cancellationPolicyValues()).toEqual({ freeMinutes: 10, feeMinCents: 500, feePercent: 25 });
    expect(lateCancelFeeCents(2_600)).toBe(650);
    expect(lateCancelFeeCents(10_000)).toBe(2_500);
    expect(lateCancelFeeCents(1_000)).toBe(500);
    expect(lateCancelFeeCents(2_001)).toBe(500);
    expect(lateCancelFeeCents(2_002)).toBe(501);
    expect(lateCancelFeeCents(400)).toBe(400);
  });

  it('follows the settings', async () => {
    await withEnv({ CANCEL_FEE_PERCENT: '50', CANCEL_FEE_MIN_CENTS: '0' }, async () => {
      expect(lateCancelFeeCents(2_600)).toBe(1_300);
    });
    await withEnv({ CANCEL_FEE_PERCENT: '0', CANCEL_FEE_MIN_CENTS: '0' }, async () => {
      expect(lateCancelFeeCents(2_600)).toBe(0);
    });
  });
});

describe('cancelTerms', () => {
  it('nobody assigned: free', () => {
    expect(cancelTerms({ ...accepted(), status: 'posted', acceptedAt: null }, now)).toEqual({
      reason: 'unassigned',
      feeCents: 0,
      freeUntil: null,
    });
  });

  it('within CANCEL_FREE_MINUTES (10) of acceptance: free, saying until when', () => {
    expect(cancelTerms(accepted({ acceptedMinutesAgo: 9 }), now)).toEqual({
      reason: 'free_window',
      feeCents: 0,
      freeUntil: new Date(now.getTime() + MINUTE),
    });
    expect(cancelTerms(accepted({ acceptedMinutesAgo: 10 }), now)).toMatchObject({ reason: 'late', feeCents: 650 });
  });

  it('later: the fee, also after a revision (that worker delivered) and past the deadline then', () => {
    expect(cancelTerms(accepted(), now)).toMatchObject({ reason: 'late', feeCents: 650 });
    expect(cancelTerms(accepted({ submitted: true, deadlineInHours: -1 }), now)).toMatchObject({ reason: 'late' });
  });

  it('past the deadline with no proof: a no-show, free', () => {
    expect(cancelTerms(accepted({ deadlineInHours: -1 }), now)).toMatchObject({ reason: 'no_show', feeCents: 0 });
  });

  it('a booking is a no-show only BOOKING_NO_SHOW_GRACE_HOURS after its slot; before that the fee applies', () => {
    const booking = (deadlineInHours: number) => accepted({ deadlineInHours, serviceId: SERVICE });
    expect(cancelTerms(booking(-11), now)).toMatchObject({ reason: 'late', feeCents: 650 });
    expect(cancelTerms(booking(-12), now)).toMatchObject({ reason: 'no_show', feeCents: 0 });
  });

  it('CANCEL_FREE_MINUTES=0: late from the moment of acceptance', async () => {
    await withEnv({ CANCEL_FREE_MINUTES: '0' }, async () => {
      expect(cancelTerms(accepted({ acceptedMinutesAgo: 0 }), now)).toMatchObject({ reason: 'late' });
    });
  });
});
