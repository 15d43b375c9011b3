import type { Database } from '@/db/client';
import { logger } from '@/lib/logger';
import { type DispatchOptions, dispatchOnce } from './dispatcher';
import { listenForEvents } from './listen-events';

export const POLL_INTERVAL_MS = 1000;

export type RunningDispatcher = { stop(): Promise<void> };

/**
 * The delivery loop: a round (send what is due) on every notification of queued deliveries and every second
 * (retries come due without a notification). Rounds never overlap within a process; a wake-up during a
 * round schedules one more. Several processes may run it at once (SKIP LOCKED claims).
 */
export async function runDispatcher(
  database: Database,
  options: DispatchOptions & { pollMs?: number } = {},
): Promise<RunningDispatcher> {
  let running: Promise<void> | undefined;
  let again = false;
  const stopping = new AbortController();
  const round = (): void => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatchOnce(database, { ...options, signal: stopping.signal })
      .then(() => undefined)
      .catch((error) => logger.error('webhook dispatch round failed', { error }))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const unlisten = await listenForEvents(database, round).catch((error) => {
    logger.warn('webhook dispatcher is polling only', { error });
    return async () => {};
  });
  const timer = setInterval(round, options.pollMs ?? POLL_INTERVAL_MS);
  timer.unref();
  round();
  return {
    // Claims no further batch; the batch being sent is settled (sent or rescheduled), so no row stays leased.
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
