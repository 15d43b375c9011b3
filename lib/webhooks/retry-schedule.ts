// DESIGN §4: after the first attempt, retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (Svix's
// schedule, ~27.6 h in all), each with ±20% jitter so a receiver that was down is not hit by a wall of
// retries at once. After the eighth failed attempt the delivery is `failed`.
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
export const JITTER = 0.2;
/** A Retry-After longer than this is cut to it, so a receiver cannot park a delivery for days. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/**
 * Seconds until the next attempt after `attemptsMade` failed attempts, or null when none is left.
 * `random` is in [0, 1); 0.5 means no jitter.
 */
export function nextRetryDelaySeconds(attemptsMade: number, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_SECONDS[attemptsMade - 1];
  if (base === undefined || attemptsMade < 1) return null;
  return base * (1 + JITTER * (2 * random - 1));
}

/** Retry-After as seconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), MAX_RETRY_AFTER_SECONDS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, (at - now) / 1000), MAX_RETRY_AFTER_SECONDS);
}
