/** Cents as dollars in a notification's words: 2000 → $20.00. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
