import { z } from 'zod';
import type { ToolExtra } from './tool-kit';

// The bounded waits (await_claim, await_message). Clients give up on a tool call after some tens of seconds, so a
// wait never lasts longer than MAX_WAIT_SECONDS: when nothing arrived it answers `{status: "waiting", cursor}` and
// the model calls again from that cursor. Meanwhile it reports progress (when the caller sent a progressToken)
// and stops as soon as the caller cancels.

export const DEFAULT_WAIT_SECONDS = 25;
export const MAX_WAIT_SECONDS = 50;

export const timeoutSecondsArg = z
  .number()
  .int({ message: 'Must be a whole number of seconds' })
  .min(1, { message: 'Must be at least 1' })
  .max(MAX_WAIT_SECONDS, { message: `Must be at most ${MAX_WAIT_SECONDS}` })
  .default(DEFAULT_WAIT_SECONDS)
  .describe(
    `How long this call waits, 1 to ${MAX_WAIT_SECONDS} seconds (default ${DEFAULT_WAIT_SECONDS}). Keep it below ` +
      'your client’s tool timeout; when nothing arrives in time, call again with the returned cursor.',
  );

/**
 * Runs `work` while sending `notifications/progress` every `intervalMs` (progress = seconds waited, total = the
 * bound). The timer stops when `work` settles; `work` itself must honour `extra.signal`.
 */
export async function withProgress<T>(
  extra: ToolExtra,
  timeoutSeconds: number,
  intervalMs: number,
  message: string,
  work: () => Promise<T>,
): Promise<T> {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return work();
  const started = Date.now();
  const timer = setInterval(() => {
    const waited = Math.min(timeoutSeconds, Math.round((Date.now() - started) / 1000));
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: waited, total: timeoutSeconds, message: `${message} (${waited} s)` },
      })
      .catch(() => clearInterval(timer));
  }, intervalMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller then checks `signal.aborted`). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
