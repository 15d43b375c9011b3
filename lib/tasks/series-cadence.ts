import type { SeriesCadence, Weekday } from '@/db/schema/task-series';

// The schedule of a recurring task (docs/tasks.md "Recurring tasks"), in local time: every occurrence starts at
// the first one's wall-clock time in `timeZone`, on the dates the cadence picks, so a weekly 09:00 stays 09:00
// across daylight-saving changes. Local dates are day numbers (days since 1970-01-01).

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_MS = 86_400_000;

export type SeriesSchedule = {
  cadence: SeriesCadence;
  firstOccurrenceAt: Date;
  timeZone: string;
  /** The last local date (YYYY-MM-DD) an occurrence may fall on. */
  endsOn: string | null;
  /** How many occurrences in all. */
  count: number | null;
};

export type Occurrence = { n: number; at: Date };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const seconds = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return seconds + (((instant % 1000) + 1000) % 1000);
}

/** The instant whose wall clock in `timeZone` is `wall` (a time skipped by a DST jump lands just after it). */
function fromWallClock(wall: number, timeZone: string): Date {
  const first = wall - (wallClock(wall, timeZone) - wall);
  return new Date(wall - (wallClock(first, timeZone) - first));
}

/** The instant a local date and time (`2026-03-02T09:00`, as a datetime-local field gives it) names in `timeZone`. */
export function zonedInstant(local: string, timeZone: string): Date | null {
  const wall = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  return Number.isNaN(wall) ? null : fromWallClock(wall, timeZone);
}

/** The local date (day number) and time of day (ms) of `instant` in `timeZone`. */
export function localOf(instant: Date, timeZone: string) {
  const wall = wallClock(instant.getTime(), timeZone);
  const day = Math.floor(wall / DAY_MS);
  return { day, timeOfDay: wall - day * DAY_MS };
}

export const dayOfDate = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Monday … 6 = Sunday (day 0, 1970-01-01, was a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

/** Whether the cadence falls on local `day`, counting weeks from the Monday of the first occurrence's week. */
function fallsOn(cadence: SeriesCadence, firstDay: number, day: number): boolean {
  if (cadence.kind === 'days') return (day - firstDay) % cadence.everyDays === 0;
  const firstMonday = firstDay - weekdayOf(firstDay);
  const week = Math.floor((day - firstMonday) / 7);
  return week % cadence.intervalWeeks === 0 && cadence.days.includes(WEEKDAYS[weekdayOf(day)] as Weekday);
}

/** The occurrence after `previous` (or the first), or null when the schedule has ended. */
export function nextOccurrence(schedule: SeriesSchedule, previous: Occurrence | null): Occurrence | null {
  const { cadence, timeZone } = schedule;
  const first = localOf(schedule.firstOccurrenceAt, timeZone);
  const n = (previous?.n ?? 0) + 1;
  if (schedule.count !== null && n > schedule.count) return null;
  const lastDay = schedule.endsOn ? dayOfDate(schedule.endsOn) : Number.POSITIVE_INFINITY;
  // From the day after the previous one (or the first's), one day at a time: a cadence meets a chosen day within
  // its 4-week interval plus a week, or its 90 days.
  let day = Math.max(first.day, previous ? localOf(previous.at, timeZone).day + 1 : first.day);
  for (let tries = 0; tries <= 130 && day <= lastDay; tries += 1, day += 1) {
    if (!fallsOn(cadence, first.day, day)) continue;
    const at = fromWallClock(day * DAY_MS + first.timeOfDay, timeZone);
    if (at.getTime() < schedule.firstOccurrenceAt.getTime()) continue;
    return { n, at };
  }
  return null;
}

/** The first occurrence after `previous` that starts after `after` (the index counts the ones passed over). */
export function nextOccurrenceAfter(
  schedule: SeriesSchedule,
  previous: Occurrence | null,
  after: Date,
): Occurrence | null {
  let next = nextOccurrence(schedule, previous);
  for (let guard = 0; next && next.at.getTime() <= after.getTime() && guard < 100_000; guard += 1) {
    next = nextOccurrence(schedule, next);
  }
  return next;
}

/** Up to `limit` occurrences from `next` on. */
export function upcomingOccurrences(schedule: SeriesSchedule, next: Occurrence | null, limit: number): Occurrence[] {
  const out: Occurrence[] = [];
  for (let at = next; at && out.length < limit; at = nextOccurrence(schedule, at)) out.push(at);
  return out;
}

/** The issue of an end date before the first occurrence's own local date, or null. */
export function endsBeforeStartIssue(firstOccurrenceAt: Date, endsOn: string | null | undefined, timeZone: string) {
  // A malformed field has its own issue already.
  if (!endsOn || Number.isNaN(firstOccurrenceAt.getTime()) || !isTimeZone(timeZone)) return null;
  if (Number.isNaN(dayOfDate(endsOn))) return null;
  const startDate = dateOfDay(localOf(firstOccurrenceAt, timeZone).day);
  if (dayOfDate(endsOn) >= dayOfDate(startDate)) return null;
  return { path: ['endsOn'], message: `Must be on or after the first occurrence’s date, ${startDate}` };
}
