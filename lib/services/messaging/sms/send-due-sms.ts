import type { Db } from '@/db/client';
import { logger } from '@/lib/logger';
import type { Messenger } from '@/lib/sms/messenger';
import { type ClaimedSms, claimDueSms } from './claim-due-sms';
import { isOptedOut } from './is-opted-out';
import { type SmsOutcome, settleSms } from './settle-sms';

export type SendDueSmsOptions = {
  messenger: Messenger;
  batchSize?: number;
  /** Must outlast one send (the Telnyx adapter times out after 10 s). */
  leaseSeconds?: number;
  /** Tests share a database with other work. */
  outboxIds?: string[];
  signal?: AbortSignal;
};

export type SendDueSmsCounts = { sent: number; retrying: number; failed: number; optedOut: number };

const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_SECONDS = 60;

// Any number of instances may run it: a row is claimed by one of them (claim-due-sms.ts) and no row lock is held
// while the provider answers.
export async function sendDueSms(db: Db, options: SendDueSmsOptions): Promise<SendDueSmsCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const counts: SendDueSmsCounts = { sent: 0, retrying: 0, failed: 0, optedOut: 0 };
  for (;;) {
    const claimed = await claimDueSms(db, { limit: batchSize, leaseSeconds, outboxIds: options.outboxIds });
    // One text that cannot be sent or recorded must not hold back the rest (a later round takes it again).
    await Promise.all(
      claimed.map((sms) =>
        sendOne(db, options.messenger, sms)
          .then((result) => {
            if (result) counts[result] += 1;
          })
          .catch((error: unknown) => logger.error('sms could not be processed', { outboxId: sms.id, error })),
      ),
    );
    if (claimed.length < batchSize || options.signal?.aborted) return counts;
  }
}

async function sendOne(db: Db, messenger: Messenger, sms: ClaimedSms): Promise<keyof SendDueSmsCounts | null> {
  if (!sms.ignoresOptOut && (await isOptedOut(db, sms.to))) {
    return (await settleSms(db, sms, { kind: 'opted-out' })) ? 'optedOut' : null;
  }
  let outcome: SmsOutcome;
  try {
    const { providerId } = await messenger.send({ to: sms.to, body: sms.body, outboxId: sms.id });
    outcome = { kind: 'sent', provider: messenger.name, providerId };
  } catch (error) {
    outcome = { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  const status = await settleSms(db, sms, outcome);
  if (status === 'sent') {
    logger.info('sms sent', {
      outboxId: sms.id,
      provider: messenger.name,
      providerId: outcome.kind === 'sent' ? outcome.providerId : null,
    });
  } else if (outcome.kind === 'failed' && status) {
    logger.warn('sms attempt failed', { outboxId: sms.id, attempt: sms.attempts + 1, status, error: outcome.error });
  }
  if (status === 'queued') return 'retrying';
  return status;
}
