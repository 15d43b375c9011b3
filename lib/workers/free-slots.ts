import type { AvailabilityWindow } from './expand-availability';

export type BusySpan = { start: Date; end: Date };

export type FreeSlotsOptions = {
  windows: AvailabilityWindow[];
  busy: BusySpan[];
  durationMinutes: number;
  /** No slot starts before this. */
  from: Date;
  /** Slots start on multiples of this many minutes (UTC), so they land on the local half hours of most zones. */
  stepMinutes?: number;
  max?: number;
};

const MINUTE = 60_000;

/** The starts of every slot of `durationMinutes` that fits inside a window and overlaps no busy span. Pure. */
export function freeSlots({ windows, busy, durationMinutes, from, stepMinutes = 30, max = 500 }: FreeSlotsOptions) {
  const step = stepMinutes * MINUTE;
  const length = durationMinutes * MINUTE;
  const starts: Date[] = [];
  for (const window of windows) {
    const first = Math.max(window.start.getTime(), from.getTime());
    for (let start = Math.ceil(first / step) * step; start + length <= window.end.getTime(); start += step) {
      const end = start + length;
      if (busy.some((span) => span.start.getTime() < end && span.end.getTime() > start)) continue;
      starts.push(new Date(start));
      if (starts.length >= max) return starts;
    }
  }
  return starts;
}
