import { logger } from '@/lib/logger';
import { drainWaiters } from '@/lib/realtime/hub';
import { setDraining } from './draining';
import type { ServerDrain } from './server-drain';

export type GracefulShutdownOptions = {
  /** The servers whose requests in flight may finish (none for `npm run worker`). */
  servers: ServerDrain[];
  /** How long requests and job rounds in flight may take (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** Stops the background jobs, letting running rounds finish until the deadline (`Date.now()` ms). */
  stopJobs?: (deadline: number) => Promise<void>;
  /** Run in order once requests and jobs are done: flush what is buffered, then close the pools. */
  finally?: { name: string; run: () => Promise<unknown> }[];
};

/**
 * Takes this instance out of service without dropping anyone (docs/operations.md "Deploying"): health answers
 * 503 and every answer closes its connection; parked long polls answer their empty page at once, so their clients
 * poll again elsewhere; the servers stop accepting connections while the requests in flight and the jobs' running
 * rounds finish, up to the grace period; then the `finally` steps run in order.
 */
export async function shutDownGracefully(options: GracefulShutdownOptions): Promise<void> {
  const started = Date.now();
  const deadline = started + options.graceMs;
  setDraining();
  drainWaiters();
  const inFlight = options.servers.reduce((sum, server) => sum + server.inFlight, 0);
  logger.info('shutting down: draining', { inFlight, graceSeconds: options.graceMs / 1000 });
  const [inTime] = await Promise.all([
    Promise.all(options.servers.map((server) => server.drain(deadline))).then((all) => all.every(Boolean)),
    options.stopJobs?.(deadline).catch((error) => logger.error('stopping the background jobs failed', { error })),
  ]);
  if (!inTime) logger.warn('shutting down: the grace period ran out, requests still open were closed');
  for (const step of options.finally ?? []) {
    await step.run().catch((error) => logger.error(`shutting down: ${step.name} failed`, { error }));
  }
  logger.info('shut down', { ms: Date.now() - started });
}

export type ShutdownSignalOptions = {
  /** process.exit, or a stand-in for tests. */
  exit?: (code: number) => void;
  /** After this long the process exits anyway (code 1), should a step hang. */
  hardLimitMs?: number;
  /** Where the signals come from: the process, or a stand-in for tests. */
  signals?: NodeJS.EventEmitter;
};

/**
 * On the first SIGTERM or SIGINT, runs `shutDown` and exits 0 when it is done (1 if it threw). A second signal
 * exits at once (code 1): whoever sends it has stopped waiting. Returns the removal of the handlers.
 */
export function onShutdownSignals(
  shutDown: (signal: NodeJS.Signals) => Promise<void>,
  { exit = (code) => process.exit(code), hardLimitMs, signals = process }: ShutdownSignalOptions = {},
): () => void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn('second signal: exiting now', { signal });
      return exit(1);
    }
    stopping = true;
    logger.info('shutting down', { signal });
    if (hardLimitMs !== undefined) {
      setTimeout(() => {
        logger.error('shutting down took too long: exiting now', { hardLimitMs });
        exit(1);
      }, hardLimitMs).unref();
    }
    shutDown(signal).then(
      () => exit(0),
      (error) => {
        logger.error('shutting down failed', { error });
        exit(1);
      },
    );
  };
  const names = ['SIGTERM', 'SIGINT'] as const;
  for (const name of names) signals.on(name, handle);
  return () => {
    for (const name of names) signals.off(name, handle);
  };
}
