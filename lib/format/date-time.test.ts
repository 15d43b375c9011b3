import { describe, expect, it } from 'vitest';
import { formatDateTime, formatExactTime, formatZonedDateTime } from './date-time';

const moment = '2026-11-28T22:52:44.123Z';

describe('formatDateTime', () => {
  it('shows the date and the time to the minute, without seconds, in plain spaces', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('Nov 28, 2026, 10:52 PM');
    expect(formatDateTime(new Date(moment), 'UTC')).toBe('Nov 28, 2026, 10:52 PM');
  });

  it('reads the moment in the given time zone', () => {
    expect(formatDateTime(moment, 'Europe/Paris')).toBe('Nov 28, 2026, 11:52 PM');
    expect(formatDateTime(moment, 'America/New_York')).toBe('Nov 28, 2026, 5:52 PM');
  });
});

describe('formatExactTime', () => {
  it('gives the weekday, the seconds and the zone, for a hover title', () => {
    expect(formatExactTime(moment, 'UTC')).toBe('Saturday, November 28, 2026 at 10:52:44 PM UTC');
    expect(formatExactTime(moment, 'Europe/Paris')).toBe('Saturday, November 28, 2026 at 11:52:44 PM GMT+1');
  });
});

describe('formatZonedDateTime', () => {
  it('names the zone it uses: the given one, else UTC', () => {
    expect(formatZonedDateTime(moment, 'Europe/Paris')).toBe('Nov 28, 2026, 11:52 PM Europe/Paris');
    expect(formatZonedDateTime(moment)).toBe('Nov 28, 2026, 10:52 PM UTC');
    expect(formatZonedDateTime(new Date(moment), null)).toBe('Nov 28, 2026, 10:52 PM UTC');
  });
});
