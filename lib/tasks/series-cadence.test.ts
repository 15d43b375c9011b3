import { describe, expect, it } from 'vitest';
import { nextOccurrence, nextOccurrenceAfter, type SeriesSchedule, upcomingOccurrences } from './series-cadence';

const base = (overrides: Partial<SeriesSchedule>): SeriesSchedule => ({
  cadence: { kind: 'weekly', days: ['mon', 'thu'], intervalWeeks: 1 },
  firstOccurrenceAt: new Date('2026-03-02T09:00:00Z'), // a Monday
  timeZone: 'UTC',
  endsOn: null,
  count: null,
  ...overrides,
});
const times = (schedule: SeriesSchedule, limit: number) =>
  upcomingOccurrences(schedule, nextOccurrence(schedule, null), limit).map((o) => o.at.toISOString());

describe('series cadence', () => {
  it('repeats weekly on the chosen days at the first occurrence’s time', () => {
    expect(times(base({}), 4)).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-05T09:00:00.000Z',
      '2026-03-09T09:00:00.000Z',
      '2026-03-12T09:00:00.000Z',
    ]);
  });

  it('skips the weeks between with an interval of 2', () => {
    const schedule = base({ cadence: { kind: 'weekly', days: ['thu'], intervalWeeks: 2 } });
    expect(times(schedule, 3)).toEqual([
      '2026-03-05T09:00:00.000Z',
      '2026-03-19T09:00:00.000Z',
      '2026-04-02T09:00:00.000Z',
    ]);
  });

  it('keeps the local time across a daylight-saving change', () => {
    const schedule = base({
      cadence: { kind: 'days', everyDays: 7 },
      firstOccurrenceAt: new Date('2026-03-02T14:00:00Z'), // 09:00 in New York (EST)
      timeZone: 'America/New_York',
    });
    expect(times(schedule, 2)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('ends after `count` occurrences or on `endsOn`', () => {
    expect(times(base({ count: 3 }), 10)).toHaveLength(3);
    expect(times(base({ endsOn: '2026-03-09' }), 10)).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-05T09:00:00.000Z',
      '2026-03-09T09:00:00.000Z',
    ]);
  });

  it('numbers the occurrences it passes over', () => {
    const next = nextOccurrenceAfter(base({}), null, new Date('2026-03-06T00:00:00Z'));
    expect(next).toEqual({ n: 3, at: new Date('2026-03-09T09:00:00Z') });
  });
});
