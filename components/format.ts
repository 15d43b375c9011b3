// Pages import the moment formatters from here too; services from lib/format.
export { formatDateTime, formatExactTime, formatZonedDateTime } from '@/lib/format/date-time';

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
