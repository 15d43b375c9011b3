import { describe, expect, it } from 'vitest';
import { DISPUTE_AMBER_AFTER_HOURS, DISPUTE_RED_AFTER_HOURS, disputeAgeLabel, disputeAgeTone } from './dispute-age';

const now = new Date('2026-11-26T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('disputeAgeTone', () => {
  it('is calm up to 48 hours, amber past 48, red past 72', () => {
    expect(DISPUTE_AMBER_AFTER_HOURS).toBe(48);
    expect(DISPUTE_RED_AFTER_HOURS).toBe(72);
    const tone = (hours: number) => disputeAgeTone({ status: 'open', createdAt: hoursAgo(hours) }, now);
    expect(tone(0)).toBe('calm');
    expect(tone(47.9)).toBe('calm');
    expect(tone(48)).toBe('calm');
    expect(tone(48.01)).toBe('amber');
    expect(tone(72)).toBe('amber');
    expect(tone(72.01)).toBe('red');
    expect(tone(500)).toBe('red');
  });

  it('keeps a resolved dispute calm whatever its age', () => {
    expect(disputeAgeTone({ status: 'resolved', createdAt: hoursAgo(500) }, now)).toBe('calm');
  });
});

describe('disputeAgeLabel', () => {
  it('says hours, then days and hours past two days', () => {
    expect(disputeAgeLabel(hoursAgo(0.5), now)).toBe('under 1 h');
    expect(disputeAgeLabel(hoursAgo(5), now)).toBe('5 h');
    expect(disputeAgeLabel(hoursAgo(47.5), now)).toBe('47 h');
    expect(disputeAgeLabel(hoursAgo(74), now)).toBe('3 d 2 h');
  });
});
