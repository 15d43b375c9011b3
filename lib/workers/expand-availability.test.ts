import { describe, expect, it } from 'vitest';
import {
  type AvailabilityException,
  type AvailabilityRule,
  expandAvailability,
  isAvailableAt,
  localToUtc,
} from './expand-availability';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const everyDay = (timeZone: string, start: number, end: number): AvailabilityRule[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startMinute: start, endMinute: end, timeZone }));
const at = (iso: string) => new Date(iso);
const iso = (windows: { start: Date; end: Date }[]) =>
  windows.map(({ start, end }) => [start.toISOString(), end.toISOString()]);
const exception = (overrides: Partial<AvailabilityException> & { date: string }): AvailabilityException => ({
  available: false,
  startMinute: null,
  endMinute: null,
  timeZone: NY,
  ...overrides,
});

describe('localToUtc', () => {
  it('uses the offset in force at the wall time', () => {
    expect(new Date(localToUtc(NY, Date.UTC(2025, 0, 15, 9))).toISOString()).toBe('2025-01-15T14:00:00.000Z');
    expect(new Date(localToUtc(NY, Date.UTC(2025, 6, 15, 9))).toISOString()).toBe('2025-07-15T13:00:00.000Z');
    expect(new Date(localToUtc(BERLIN, Date.UTC(2025, 6, 15, 9))).toISOString()).toBe('2025-07-15T07:00:00.000Z');
  });

  it('a wall time skipped by spring-forward lands after the gap', () => {
    expect(new Date(localToUtc(NY, Date.UTC(2025, 2, 9, 2, 30))).toISOString()).toBe('2025-03-09T07:30:00.000Z');
    expect(new Date(localToUtc(BERLIN, Date.UTC(2025, 2, 30, 2, 30))).toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });

  it('a wall time repeated by fall-back takes its first occurrence', () => {
    expect(new Date(localToUtc(NY, Date.UTC(2025, 10, 2, 1, 30))).toISOString()).toBe('2025-11-02T05:30:00.000Z');
    expect(new Date(localToUtc(BERLIN, Date.UTC(2025, 9, 26, 2, 30))).toISOString()).toBe('2025-10-26T00:30:00.000Z');
  });
});

describe('expandAvailability across DST changes', () => {
  it('America/New_York, the week clocks spring forward (Sunday 9 March 2025)', () => {
    const windows = expandAvailability(
      everyDay(NY, 9 * 60, 17 * 60),
      [],
      at('2025-03-07T00:00:00Z'),
      at('2025-03-11T00:00:00Z'),
    );
    expect(iso(windows)).toEqual([
      ['2025-03-07T14:00:00.000Z', '2025-03-07T22:00:00.000Z'],
      ['2025-03-08T14:00:00.000Z', '2025-03-08T22:00:00.000Z'],
      ['2025-03-09T13:00:00.000Z', '2025-03-09T21:00:00.000Z'],
      ['2025-03-10T13:00:00.000Z', '2025-03-10T21:00:00.000Z'],
    ]);
  });

  it('America/New_York, the week clocks fall back (Sunday 2 November 2025)', () => {
    const windows = expandAvailability(
      everyDay(NY, 9 * 60, 17 * 60),
      [],
      at('2025-11-01T00:00:00Z'),
      at('2025-11-03T00:00:00Z'),
    );
    expect(iso(windows)).toEqual([
      ['2025-11-01T13:00:00.000Z', '2025-11-01T21:00:00.000Z'],
      ['2025-11-02T14:00:00.000Z', '2025-11-02T22:00:00.000Z'],
    ]);
  });

  it('Europe/Berlin, spring (30 March 2025) and autumn (26 October 2025)', () => {
    const rules = everyDay(BERLIN, 9 * 60, 17 * 60);
    expect(iso(expandAvailability(rules, [], at('2025-03-29T00:00:00Z'), at('2025-03-31T00:00:00Z')))).toEqual([
      ['2025-03-29T08:00:00.000Z', '2025-03-29T16:00:00.000Z'],
      ['2025-03-30T07:00:00.000Z', '2025-03-30T15:00:00.000Z'],
    ]);
    expect(iso(expandAvailability(rules, [], at('2025-10-25T00:00:00Z'), at('2025-10-27T00:00:00Z')))).toEqual([
      ['2025-10-25T07:00:00.000Z', '2025-10-25T15:00:00.000Z'],
      ['2025-10-26T08:00:00.000Z', '2025-10-26T16:00:00.000Z'],
    ]);
  });

  it('a night window over the skipped hour is an hour shorter; over the repeated hour an hour longer', () => {
    const night = [{ dayOfWeek: 0, startMinute: 0, endMinute: 6 * 60, timeZone: NY }];
    const spring = expandAvailability(night, [], at('2025-03-09T00:00:00Z'), at('2025-03-10T00:00:00Z'));
    expect(iso(spring)).toEqual([['2025-03-09T05:00:00.000Z', '2025-03-09T10:00:00.000Z']]);
    const autumn = expandAvailability(night, [], at('2025-11-02T00:00:00Z'), at('2025-11-03T00:00:00Z'));
    expect(iso(autumn)).toEqual([['2025-11-02T04:00:00.000Z', '2025-11-02T11:00:00.000Z']]);
  });
});

describe('expandAvailability: rules, exceptions, clipping', () => {
  const weekdays = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startMinute: 540, endMinute: 1020, timeZone: NY }));
  const week = [at('2025-07-14T00:00:00Z'), at('2025-07-19T00:00:00Z')] as const; // Monday to Saturday

  it('only the rules’ weekdays, sorted', () => {
    expect(expandAvailability(weekdays, [], ...week)).toHaveLength(5);
    expect(
      expandAvailability([{ dayOfWeek: 0, startMinute: 540, endMinute: 1020, timeZone: NY }], [], ...week),
    ).toEqual([]);
  });

  it('a whole day off, a window off, an added window, and a day off with one window back', () => {
    const exceptions = [
      exception({ date: '2025-07-14' }),
      exception({ date: '2025-07-15', startMinute: 720, endMinute: 780 }),
      exception({ date: '2025-07-16', available: true, startMinute: 1080, endMinute: 1200 }),
      exception({ date: '2025-07-17' }),
      exception({ date: '2025-07-17', available: true, startMinute: 600, endMinute: 660 }),
    ];
    expect(iso(expandAvailability(weekdays, exceptions, ...week))).toEqual([
      ['2025-07-15T13:00:00.000Z', '2025-07-15T16:00:00.000Z'],
      ['2025-07-15T17:00:00.000Z', '2025-07-15T21:00:00.000Z'],
      ['2025-07-16T13:00:00.000Z', '2025-07-16T21:00:00.000Z'],
      ['2025-07-16T22:00:00.000Z', '2025-07-17T00:00:00.000Z'],
      ['2025-07-17T14:00:00.000Z', '2025-07-17T15:00:00.000Z'],
      ['2025-07-18T13:00:00.000Z', '2025-07-18T21:00:00.000Z'],
    ]);
  });

  it('an available exception with no times adds the whole local day', () => {
    const windows = expandAvailability(
      [],
      [exception({ date: '2025-07-19', available: true })],
      ...([at('2025-07-01T00:00:00Z'), at('2025-08-01T00:00:00Z')] as const),
    );
    expect(iso(windows)).toEqual([['2025-07-19T04:00:00.000Z', '2025-07-20T04:00:00.000Z']]);
  });

  it('windows touching at midnight merge; windows are clipped to [from, to]', () => {
    const rules = [
      { dayOfWeek: 1, startMinute: 1320, endMinute: 1440, timeZone: NY },
      { dayOfWeek: 2, startMinute: 0, endMinute: 120, timeZone: NY },
    ];
    expect(iso(expandAvailability(rules, [], ...week))).toEqual([
      ['2025-07-15T02:00:00.000Z', '2025-07-15T06:00:00.000Z'],
    ]);
    expect(iso(expandAvailability(rules, [], at('2025-07-15T03:00:00Z'), at('2025-07-15T04:00:00Z')))).toEqual([
      ['2025-07-15T03:00:00.000Z', '2025-07-15T04:00:00.000Z'],
    ]);
  });
});

describe('isAvailableAt', () => {
  const rules = [{ dayOfWeek: 2, startMinute: 540, endMinute: 1020, timeZone: BERLIN }];
  it('inside a window, not at its end, not on a day off', () => {
    expect(isAvailableAt(rules, [], at('2025-07-15T07:00:00Z'))).toBe(true);
    expect(isAvailableAt(rules, [], at('2025-07-15T14:59:59Z'))).toBe(true);
    expect(isAvailableAt(rules, [], at('2025-07-15T15:00:00Z'))).toBe(false);
    expect(isAvailableAt(rules, [], at('2025-07-15T06:59:00Z'))).toBe(false);
    const off = [exception({ date: '2025-07-15', timeZone: BERLIN })];
    expect(isAvailableAt(rules, off, at('2025-07-15T10:00:00Z'))).toBe(false);
  });
});
