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

/** The task-mode argument of the wait tools: when the durable wait gives up. */
export const deadlineArg = z.iso
  .datetime({ offset: true, message: 'Must be an ISO-8601 date-time with a zone' })
  .optional()
  .describe(
    'MCP Tasks mode only (a task-augmented call): when to stop waiting, at most 7 days ahead. Default: the end of ' +
      'the task’s TTL (requested `ttl`, default 1 day). Ignored by a plain call, which `timeout_seconds` bounds.',
  );

export const TASK_MODE_NOTE =
  'MCP Tasks: call it with `task` ({ttl} in ms) and it answers a task handle at once; the task completes when the ' +
  'human acts or `deadline` passes, on any server instance and across restarts (tasks/get, tasks/result, ' +
  'tasks/cancel; a handle of another credential is "not found").';

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
