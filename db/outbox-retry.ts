/** An outbox row is given up (`failed`) after this many attempts the provider did not accept. */
export const OUTBOX_MAX_ATTEMPTS = 8;

const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 3600;

/**
 * Seconds until an outbox row's next attempt (texts, notification emails, payouts, refunds) after `attemptsMade` failed attempts: 30 s, doubling each time, at most an hour
 * (30 s, 1, 2, 4, 8, 16, 32 min: the eighth and last attempt comes about an hour after the first).
 */
export function outboxRetryDelaySeconds(attemptsMade: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attemptsMade - 1), LONGEST_RETRY_SECONDS);
}
