/**
 * The one way a page shows a moment: date and time to the minute, no seconds ("Nov 28, 2026, 10:52 PM"), in
 * `timeZone` (the viewer's own when left out). English like the rest of the site, so server and browser agree.
 */
export const formatDateTime = (value: string | Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));

/** The exact moment for a hover title: weekday, seconds and time zone ("Saturday, November 28, 2026 at 10:52:44 PM UTC"). */
export const formatExactTime = (value: string | Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone }).format(new Date(value));

/** A count with its noun: plural(1, 'active key') → "1 active key", plural(2, 'active key') → "2 active keys". */
export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${count} ${count === 1 ? singular : pluralForm}`;

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * "3 min ago", "in 2 hours": for moments within a week of `now`; null beyond (show the date then).
 * Under a minute reads "just now".
 */
export function relativeTime(value: string | Date, now: Date = new Date()): string | null {
  let amount = (new Date(value).getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 60) return 'just now';
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(amount) < size) {
      return new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' }).format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return null;
}

const compact = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Cents as short whole dollars, for a chart's axis and bars: 1234 → $12, 123456 → $1.2K, 250000000 → $2.5M. */
export function compactDollars(cents: number): string {
  const whole = Math.round(cents / 100);
  return Math.abs(whole) < 1000 ? `$${whole}` : compact.format(whole);
}
