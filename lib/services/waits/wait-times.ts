import { validationError } from '@/lib/errors/api-error';
import { DEFAULT_WAIT_TTL_SECONDS, MAX_WAIT_TTL_SECONDS } from '@/lib/schemas/waits';

export type WaitTimesInput = { deadline?: string; ttlSeconds?: number; now?: Date };

// A result must stay readable a while after the deadline finishes the wait, so the TTL covers the deadline plus
// an hour (the MCP Tasks spec lets the server choose the TTL it keeps; the answer says which).
const AFTER_DEADLINE_MS = 3600 * 1000;

export const WAIT_POLL_INTERVAL_MS = 5_000;

export function waitTimes({ deadline, ttlSeconds, now = new Date() }: WaitTimesInput) {
  const longest = now.getTime() + MAX_WAIT_TTL_SECONDS * 1000;
  const until = deadline ? new Date(deadline).getTime() : undefined;
  if (until !== undefined && until > longest) {
    throw validationError([{ path: ['deadline'], message: 'Must be at most 7 days ahead' }]);
  }
  const asked = now.getTime() + (ttlSeconds ?? DEFAULT_WAIT_TTL_SECONDS) * 1000;
  const expiresAt = new Date(Math.min(longest, Math.max(asked, (until ?? 0) + AFTER_DEADLINE_MS)));
  return { deadline: new Date(Math.min(until ?? expiresAt.getTime(), expiresAt.getTime())), expiresAt };
}
