// Turns a worker's weekly schedule and one-off exceptions (local wall times in IANA zones) into concrete UTC
// windows. Pure: no database, no clock. Shared by GET /v1/workers/{id}/availability and search's matchScore.

export type AvailabilityRule = { dayOfWeek: number; startMinute: number; endMinute: number; timeZone: string };
export type AvailabilityException = {
  /** Local date, YYYY-MM-DD. */
  date: string;
  available: boolean;
  /** Minutes from local midnight; both null = the whole day. */
  startMinute: number | null;
  endMinute: number | null;
  timeZone: string;
};
export type AvailabilityWindow = { start: Date; end: Date };

type Span = [number, number];
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
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

/** The zone's wall clock at `ms`, read as if it were UTC (so wall - ms is the zone's offset). */
function wallClock(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
}

const offsetAt = (timeZone: string, ms: number) => wallClock(timeZone, ms) - Math.floor(ms / 1000) * 1000;

/**
 * The UTC instant of a local wall time (given as a UTC-encoded number). The candidates are the wall time at
 * the zone's offsets a day before and a day after: a time repeated by fall-back takes its first occurrence,
 * and a time skipped by spring-forward is read with the old offset, so it lands after the gap (02:30 → 03:30).
 */
export function localToUtc(timeZone: string, wall: number): number {
  const before = wall - offsetAt(timeZone, wall - DAY_MS);
  const after = wall - offsetAt(timeZone, wall + DAY_MS);
  const valid = [before, after].filter((instant) => wallClock(timeZone, instant) === wall);
  return valid.length > 0 ? Math.min(...valid) : before;
}

/** The local date (UTC-encoded midnight) at instant `ms` in the zone. */
function localDate(timeZone: string, ms: number): number {
  const wall = wallClock(timeZone, ms);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

function subtract(spans: Span[], [cutStart, cutEnd]: Span): Span[] {
  return spans.flatMap(([start, end]): Span[] => {
    if (cutEnd <= start || cutStart >= end) return [[start, end]];
    const kept: Span[] = [];
    if (start < cutStart) kept.push([start, cutStart]);
    if (cutEnd < end) kept.push([cutEnd, end]);
    return kept;
  });
}

const isoDate = (day: number) => new Date(day).toISOString().slice(0, 10);
const spanOf = (exception: AvailabilityException): Span => [exception.startMinute ?? 0, exception.endMinute ?? 1440];

/**
 * Local minute spans of one date: the weekly rules for its weekday, minus the date's `available: false`
 * exceptions, plus its `available: true` ones (so "day off" and "but 14:00–16:00" combine as expected).
 */
function spansOfDay(day: number, rules: AvailabilityRule[], exceptions: AvailabilityException[]): Span[] {
  const weekday = new Date(day).getUTCDay();
  const date = isoDate(day);
  let spans: Span[] = rules
    .filter((rule) => rule.dayOfWeek === weekday)
    .map((rule) => [rule.startMinute, rule.endMinute]);
  const todays = exceptions.filter((exception) => exception.date === date);
  for (const off of todays.filter((exception) => !exception.available)) spans = subtract(spans, spanOf(off));
  for (const on of todays.filter((exception) => exception.available)) spans.push(spanOf(on));
  return spans;
}

/** Sorted, merged (overlapping or touching) UTC windows of the schedule, clipped to [from, to]. */
export function expandAvailability(
  rules: AvailabilityRule[],
  exceptions: AvailabilityException[],
  from: Date,
  to: Date,
): AvailabilityWindow[] {
  const zones = new Set([...rules, ...exceptions].map((entry) => entry.timeZone));
  const windows: Span[] = [];
  for (const zone of zones) {
    const zoneRules = rules.filter((rule) => rule.timeZone === zone);
    const zoneExceptions = exceptions.filter((exception) => exception.timeZone === zone);
    const last = localDate(zone, to.getTime()) + DAY_MS;
    for (let day = localDate(zone, from.getTime()) - DAY_MS; day <= last; day += DAY_MS) {
      for (const [start, end] of spansOfDay(day, zoneRules, zoneExceptions)) {
        windows.push([localToUtc(zone, day + start * 60_000), localToUtc(zone, day + end * 60_000)]);
      }
    }
  }
  const clipped = windows
    .map(([start, end]): Span => [Math.max(start, from.getTime()), Math.min(end, to.getTime())])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: Span[] = [];
  for (const span of clipped) {
    const previous = merged.at(-1);
    if (previous && span[0] <= previous[1]) previous[1] = Math.max(previous[1], span[1]);
    else merged.push([...span]);
  }
  return merged.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

/** Whether the schedule has the worker available at `instant` (for search's matchScore). */
export function isAvailableAt(rules: AvailabilityRule[], exceptions: AvailabilityException[], instant: Date): boolean {
  return expandAvailability(rules, exceptions, instant, new Date(instant.getTime() + 1)).length > 0;
}
