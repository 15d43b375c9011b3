/** Cents as a form field's decimal: 2300 → 23.00. */
export const centsAsDecimal = (cents: number) => (cents / 100).toFixed(2);

/** Cents as dollars: 2300 → $23.00 (a negative amount reads $-1.50). */
export const formatMoney = (cents: number) => `$${centsAsDecimal(cents)}`;
