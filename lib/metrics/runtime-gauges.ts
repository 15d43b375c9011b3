import { Counter, Gauge, type Registry } from 'prom-client';
import { type Database, getDatabase } from '@/db/client';
import type { PoolStats } from '@/db/database';
import { usageLogBacklog } from '@/lib/api/usage-log';
import { logger } from '@/lib/logger';
import { totalWaitSlots } from '@/lib/realtime/wait-slots';
import { deliveryTally } from '@/lib/webhooks/delivery-tally';
import { BACKLOG_COUNT_CAP, type OutboxBacklog, outboxBacklog } from './outbox-backlog';

/** A scrape waits at most this long for the database; past it the database's gauges are left out of that scrape. */
const DATABASE_READ_DEADLINE_MS = 2000;

/**
 * The gauges read at scrape time (each metric's `collect()`): the database pool, the webhook outbox, the parked
 * long polls, the usage log's unflushed rows, and the webhook deliveries' outcomes. A reading that fails leaves
 * its series out of that scrape (logged) rather than failing the scrape.
 */
export function registerRuntimeGauges(registry: Registry): void {
  const registers = [registry];
  const gauge = (name: string, help: string, collect: (this: Gauge) => void | Promise<void>) =>
    new Gauge({ name, help, registers, collect });

  const database = oncePerScrape(readDatabase);
  const fromDatabase = (pick: (reading: DatabaseReading) => number | undefined) =>
    async function (this: Gauge) {
      const value = pick(await database());
      // Unlabelled, so remove() drops the one series: it is absent from this scrape rather than a false 0.
      if (value === undefined) this.remove();
      else this.set(value);
    };
  // PGlite has no pool (one in-process connection): the pool's series are absent there.
  const pool = (name: string, help: string, pick: (stats: PoolStats) => number) =>
    gauge(
      name,
      help,
      fromDatabase(({ pool }) => pool && pick(pool)),
    );
  pool('legwork_db_pool_connections', 'Database connections open in the pool.', (s) => s.total);
  pool('legwork_db_pool_idle_connections', 'Pool connections open and idle.', (s) => s.idle);
  pool('legwork_db_pool_waiting_queries', 'Queries waiting for a pool connection.', (s) => s.waiting);
  pool('legwork_db_pool_max_connections', 'The most connections the pool opens (DB_POOL_MAX).', (s) => s.max);
  gauge(
    'legwork_outbox_pending_deliveries',
    `Webhook deliveries not yet sent or settled (counted up to ${BACKLOG_COUNT_CAP}).`,
    fromDatabase(({ backlog }) => backlog?.pending),
  );
  gauge(
    'legwork_outbox_oldest_due_seconds',
    'How long the oldest due webhook delivery has waited for its attempt (0: none due).',
    fromDatabase(({ backlog }) => backlog?.oldestDueSeconds),
  );

  gauge('legwork_long_poll_waiters', 'Long polls parked on this instance (wait slots held).', function () {
    this.set(totalWaitSlots());
  });
  gauge('legwork_usage_log_pending_rows', 'API usage rows recorded but not yet flushed.', function () {
    this.set(usageLogBacklog().pending);
  });
  gauge(
    'legwork_usage_log_oldest_pending_seconds',
    'Age of the oldest unflushed API usage row (0: none pending).',
    function () {
      const { oldestAt } = usageLogBacklog();
      this.set(oldestAt ? Math.max(0, (Date.now() - oldestAt.getTime()) / 1000) : 0);
    },
  );

  new Counter({
    name: 'legwork_webhook_deliveries_total',
    help: 'Webhook deliveries this process handled, by outcome: success, retry, failure (settled), abandoned (endpoint gone).',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      for (const [result, count] of deliveryTally()) this.labels(result).inc(count);
    },
  });
}

type DatabaseReading = { pool?: PoolStats; backlog?: OutboxBacklog };

async function readDatabase(): Promise<DatabaseReading> {
  let database: Database;
  try {
    database = await withDeadline(getDatabase());
  } catch (error) {
    logger.warn('metrics: the database could not be opened', { error });
    return {};
  }
  const pool = database.poolStats?.();
  try {
    return { pool, backlog: await withDeadline(outboxBacklog(database)) };
  } catch (error) {
    logger.warn('metrics: the outbox backlog could not be read', { error });
    return { pool };
  }
}

function withDeadline<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${DATABASE_READ_DEADLINE_MS} ms`)),
      DATABASE_READ_DEADLINE_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A scrape collects every metric at once (prom-client starts all their `collect()` in one turn), so the gauges
 * that read the database share the one reading in flight: one query per scrape, and no reading older than it.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    if (!inFlight) {
      const reading = read();
      inFlight = reading;
      const settle = () => {
        if (inFlight === reading) inFlight = undefined;
      };
      reading.then(settle, settle);
    }
    return inFlight;
  };
}
