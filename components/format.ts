export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const when = (value: string | null) => (value ? new Date(value).toUTCString() : '—');
