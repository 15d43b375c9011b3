/** Cents as dollars: 2300 → $23.00. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A moment in UTC, or a dash for never. */
export const when = (value: string | null) => (value ? new Date(value).toUTCString() : '—');
