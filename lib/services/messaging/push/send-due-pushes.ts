import type { Db } from '@/db/client';
import { logger } from '@/lib/logger';
import type { PushSender } from '@/lib/push/push-sender';
import { type ClaimedPush, claimDuePushes } from './claim-due-pushes';
import { type PushStatus, settlePush } from './settle-push';

export type SendDuePushesOptions = {
  sender: PushSender;
  batchSize?: number;
  /** Must outlast one batch of sends (each at most 10 s, lib/webhooks/deliver.ts). */
  leaseSeconds?: number;
  /** Tests share a database with other work. */
  outboxIds?: string[];
  signal?: AbortSignal;
};

export type SendDuePushesCounts = Record<PushStatus, number>;

const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_SECONDS = 300;

/**
 * Any number of instances may run it: a row is claimed by one of them (claim-due-pushes.ts) and no row lock is held
 * while the push service answers. Within a claim the pushes go one after the other, each settled in its own short
 * transaction right after its answer: a row is sent at most once per claim, and a crash between a send and its
 * settling re-sends only that one row once the lease runs out (the device shows it once, as it has the same tag).
 */
export async function sendDuePushes(db: Db, options: SendDuePushesOptions): Promise<SendDuePushesCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const counts: SendDuePushesCounts = { sent: 0, gone: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDuePushes(db, { limit: batchSize, leaseSeconds, outboxIds: options.outboxIds });
    for (const push of claimed) {
      // One push that cannot be sent or recorded must not hold back the rest (its lease brings it back).
      try {
        const status = await sendOne(db, options.sender, push);
        if (status) counts[status] += 1;
      } catch (error) {
        logger.error('push could not be processed', { outboxId: push.id, error });
      }
    }
    if (claimed.length < batchSize || options.signal?.aborted) return counts;
  }
}

async function sendOne(db: Db, sender: PushSender, push: ClaimedPush): Promise<PushStatus | null> {
  const result = await sender.send({
    outboxId: push.id,
    subscription: { endpoint: push.endpoint, p256dh: push.p256dh, auth: push.auth },
    payload: { title: push.title, body: push.body, url: push.url, tag: push.tag },
  });
  const status = await settlePush(db, push, sender.name, result);
  if (status === 'gone') logger.info('push subscription gone', { subscriptionId: push.subscriptionId });
  else if (status && status !== 'sent') {
    logger.warn('push attempt failed', { outboxId: push.id, attempt: push.attempts + 1, status, error: result.error });
  }
  return status;
}
