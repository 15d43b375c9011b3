// `npm run worker`: the outbound webhook dispatcher as a process of its own (the same loop every server runs
// in-process). Several may run at once, on any machines that reach the database: claims use SKIP LOCKED.
import { databaseConfigFromEnv, openDatabase } from '../db/client';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { runDispatcher } from '../lib/webhooks/run-dispatcher';

const config = databaseConfigFromEnv();
const database = await openDatabase(config);
if (env().WEBHOOKS_ALLOW_PRIVATE_URLS) {
  logger.warn('WEBHOOKS_ALLOW_PRIVATE_URLS=1: outbound webhooks may reach http and private/loopback addresses');
}
const dispatcher = await runDispatcher(database);
logger.info('webhook worker started', { driver: config.driver });

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('webhook worker stopping', { signal });
  await dispatcher.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// The dispatcher's timers are unref'd so servers can exit; this keeps the worker alive until a signal.
setInterval(() => {}, 1 << 30);
