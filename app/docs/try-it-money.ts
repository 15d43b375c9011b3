import { formatMoney } from '@/lib/format/money';
import { priceTask } from '@/lib/tasks/task-rules';

/** An operation's `x-moves-money` (lib/schemas/operation.ts `movesMoney`). */
export type MovesMoney = 'charge' | 'payout';

/** What a Try it's request is sent with, as far as money goes. */
export type TryItMode = 'test-key' | 'live-key' | 'session' | 'none';

/** A pasted token's mode: `lgw_test_` keys move no real money; anything else that is not a key is a session token. */
export function modeOfToken(token: string): TryItMode {
  if (!token) return 'none';
  if (token.startsWith('lgw_test_')) return 'test-key';
  return token.startsWith('lgw_live_') ? 'live-key' : 'session';
}

/** The mode as the page names it beside the Send button. `livemode`: a live Stripe key is configured here. */
export function describeMode(mode: TryItMode, livemode: boolean): string {
  const money = livemode ? 'real money' : 'this site is in test mode: no real money';
  switch (mode) {
    case 'test-key':
      return 'test key: no real money moves';
    case 'live-key':
      return `live key (${money})`;
    case 'session':
      return `your session (${money})`;
    default:
      return 'no credentials';
  }
}

function parseBody(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isCents = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * What a charge will take from the card, when the body says: the budget (a task's `budgetCents`, a booking's
 * `expectedPriceCents`) plus the platform fee, as the services price it. Null when the body does not say.
 */
export function chargedCents(body: string): number | null {
  const parsed = parseBody(body);
  const budget = parsed?.budgetCents ?? parsed?.expectedPriceCents;
  return isCents(budget) ? priceTask(budget).totalCents : null;
}

/**
 * The sentence to confirm before a Try it sends an operation that moves money for real (with a session or a
 * live key), or null when it may go at once: nothing moves, a test key, no credentials, or a draft (funded only
 * when published).
 */
export function moneyQuestion({
  movesMoney,
  mode,
  body,
  livemode,
}: {
  movesMoney: MovesMoney | undefined;
  mode: TryItMode;
  body: string;
  livemode: boolean;
}): string | null {
  if (!movesMoney || mode === 'test-key' || mode === 'none') return null;
  const testSite = 'This site is in test mode: the card is a test card and no real money moves.';
  if (movesMoney === 'payout') {
    return livemode
      ? 'This pays a real worker from the task’s escrow, and cannot be undone.'
      : `This pays the worker from the task’s escrow. ${testSite}`;
  }
  if (parseBody(body)?.draft === true) return null;
  const cents = chargedCents(body);
  const amount = cents === null ? 'money' : formatMoney(cents);
  return livemode
    ? `This charges ${amount} to your card and posts to real workers.`
    : `This charges ${amount} to your card and posts to workers. ${testSite}`;
}
