import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';

// How many long polls one user may hold open at once on one instance (the API's and the pages' together; an agent's
// keys share their agent's count). Waiting costs no database connection but does cost memory and a socket, so a
// single caller must not park thousands. The count lives in process memory: with several instances the cap applies
// on each of them, which still bounds what one caller can cost any one instance.
// MAX_CONCURRENT_WAITS (default 20) sets it; the benchmark raises it to park thousands of waiters on one thread.
export const maxConcurrentWaits = () => env().MAX_CONCURRENT_WAITS;

// A wait lasts at most a minute; a few seconds is a fair time to let one of the caller's own waits end.
const RETRY_AFTER_SECONDS = 5;

// On globalThis: server.ts and Next's bundle each load their own copy of lib/, and they must share one count.
const holder = globalThis as typeof globalThis & { __legworkWaitSlots?: Map<string, number> };

/** Takes one of `principal`'s wait slots, or throws 429 when all are held. Returns its release (idempotent). */
export function takeWaitSlot(principal: string, limit = maxConcurrentWaits()): () => void {
  holder.__legworkWaitSlots ??= new Map();
  const slots = holder.__legworkWaitSlots;
  const held = slots.get(principal) ?? 0;
  if (held >= limit) {
    throw new ApiError('RATE_LIMIT_EXCEEDED', {
      hint:
        `You already have ${limit} long polls waiting, the most one caller may hold at once: reuse one wait per ` +
        'thread, let one of them end or cancel it, then retry after `Retry-After` seconds.',
      details: { retryAfter: RETRY_AFTER_SECONDS, limit, reason: 'concurrent_waits' },
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  slots.set(principal, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (slots.get(principal) ?? 1) - 1;
    if (left > 0) slots.set(principal, left);
    else slots.delete(principal);
  };
}

/** How many wait slots `principal` holds now (for tests). */
export function heldWaitSlots(principal: string): number {
  return holder.__legworkWaitSlots?.get(principal) ?? 0;
}

/** How many wait slots all callers hold now on this instance: the long polls parked here (for the metrics). */
export function totalWaitSlots(): number {
  let total = 0;
  for (const held of holder.__legworkWaitSlots?.values() ?? []) total += held;
  return total;
}
