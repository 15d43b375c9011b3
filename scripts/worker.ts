// `npm run worker`: the outbound webhook dispatcher as a process of its own (the same loop every server runs
// in-process). Several may run at once, on any machines that reach the database: claims use SKIP LOCKED.
import { databaseConfigFromEnv, openDatabase } from '../db/client';
import { env } from '../lib/env';
import { onShutdownSignals, shutDownGracefully } from '../lib/http/graceful-shutdown';
import { logger } from '../lib/logger';
import { runDispatcher } from '../lib/webhooks/run-dispatcher';

const config = databaseConfigFromEnv();
const database = await openDatabase(config);
if (env().WEBHOOKS_ALLOW_PRIVATE_URLS) {
  logger.warn('WEBHOOKS_ALLOW_PRIVATE_URLS=1: outbound webhooks may reach http and private/loopback addresses');
}
const dispatcher = await runDispatcher(database);
logger.info('webhook worker started', { driver: config.driver });

// The round in flight settles what it claimed (within SHUTDOWN_GRACE_SECONDS), then the pool closes; exit 0. A
// second signal exits at once.
const graceMs = env().SHUTDOWN_GRACE_SECONDS * 1000;
onShutdownSignals(
  () =>
    shutDownGracefully({
      servers: [],
      graceMs,
      stopJobs: (deadline) => Promise.race([dispatcher.stop(), sleepUntil(deadline)]),
      finally: [{ name: 'closing the database', run: () => database.close() }],
    }),
  { hardLimitMs: graceMs + 1_500 },
);
// The dispatcher's timers are unref'd so servers can exit; this keeps the worker alive until a signal.
setInterval(() => {}, 1 << 30);

function sleepUntil(deadline: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
}
