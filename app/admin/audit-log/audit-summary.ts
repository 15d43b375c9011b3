import { OUTCOME_LABELS } from '@/components/dispute-outcome';
import { queryHref } from '@/components/query-href';
import { formatMoney } from '@/lib/format/money';

type Summary = Record<string, unknown> | null;

/** One line of an audit row's change: `key: before → after`, or `key: value` when only one side has it. */
export type ChangeLine = { key: string; text: string };

const MAX_VALUE = 80;

/** A stored value as a short string: text as is, null as "—", anything else as JSON; long ones cut with "…". */
export function formatValue(value: unknown): string {
  const text = value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * An audit row's before and after summaries as compact key: value lines, in the order the keys first appear
 * (before's, then those only after has). A key both sides hold differently reads `before → after`; the same on
 * both, or on one side only, reads its value once (a key only before had reads `value → —`).
 */
export function changeLines(before: Summary, after: Summary): ChangeLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const inBefore = before !== null && Object.hasOwn(before, key);
    const inAfter = after !== null && Object.hasOwn(after, key);
    const old = formatValue(before?.[key]);
    const now = formatValue(after?.[key]);
    if (!inBefore) return { key, text: now };
    if (!inAfter) return { key, text: `${old} → —` };
    return { key, text: old === now ? now : `${old} → ${now}` };
  });
}

/** Where an audit row's target is shown in the console, when it has a page there. */
export function targetHref(target: { type: string; id: string }): string | undefined {
  switch (target.type) {
    case 'user':
      return queryHref('/admin/users', { q: target.id });
    case 'dispute':
      return `/admin/disputes/${encodeURIComponent(target.id)}`;
    case 'intake_conversation':
      return `/admin/intake/${encodeURIComponent(target.id)}`;
    default:
      return undefined;
  }
}

const cents = (value: unknown): number | undefined => (Number.isInteger(value) ? (value as number) : undefined);

/**
 * What a `dispute.resolve` entry did, in words: "Split: $12.00 to the worker, $9.20 refunded, $1.80 platform fee"
 * (the fee only on rows that kept it). Undefined for other actions, or a row without its outcome and amounts.
 */
export function resolutionSummary(action: string, after: Summary): string | undefined {
  if (action !== 'dispute.resolve' || after === null) return undefined;
  const outcome = after.outcome;
  const worker = cents(after.workerCents);
  const refund = cents(after.refundCents);
  if (typeof outcome !== 'string' || !Object.hasOwn(OUTCOME_LABELS, outcome)) return undefined;
  if (worker === undefined || refund === undefined) return undefined;
  const fee = cents(after.feeCents);
  const label = OUTCOME_LABELS[outcome as keyof typeof OUTCOME_LABELS];
  const parts = [`${formatMoney(worker)} to the worker`, `${formatMoney(refund)} refunded`];
  if (fee !== undefined) parts.push(`${formatMoney(fee)} platform fee`);
  return `${label}: ${parts.join(', ')}`;
}
