import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelaySeconds } from '@/db/outbox-retry';
import { pushOutbox, pushSubscriptions } from '@/db/schema';
import type { PushResult, PushSenderName } from '@/lib/push/push-sender';
import type { ClaimedPush } from './claim-due-pushes';

export type PushStatus = 'sent' | 'gone' | 'retrying' | 'failed';

const MAX_ERROR_LENGTH = 500;

/**
 * What a push service's answer means (RFC 8030 §5, §6.2): 2xx taken; 404 or 410 the subscription is dead; 429 and 5xx
 * (or no answer) try again later; any other 4xx (a bad payload, a refused VAPID header) will not get better; an
 * endpoint our URL guard refused (`Refused: …`) neither.
 */
export function pushStatusOf(result: PushResult): 'sent' | 'gone' | 'retry' | 'failed' {
  const code = result.statusCode;
  if (code !== null && code >= 200 && code < 300) return 'sent';
  if (code === 404 || code === 410) return 'gone';
  if (code === null)
    return result.error?.startsWith('Refused:') || result.error?.startsWith('Not sent:') ? 'failed' : 'retry';
  if (code === 429 || code >= 500) return 'retry';
  return 'failed';
}

// The update holds only while the claim does: if the lease ran out and another sender settled the row, this outcome
// is dropped (null).
export async function settlePush(
  db: Db,
  claimed: ClaimedPush,
  sender: PushSenderName,
  result: PushResult,
): Promise<PushStatus | null> {
  const status = pushStatusOf(result);
  return db.transaction(async (tx) => {
    const stillClaimed = and(
      eq(pushOutbox.id, claimed.id),
      eq(pushOutbox.attempts, claimed.attempts),
      isNull(pushOutbox.sentAt),
      isNull(pushOutbox.failedAt),
    );
    if (status === 'gone') {
      // The subscription goes, and with it this push and every other one queued for it (on delete cascade).
      const [row] = await tx.select({ id: pushOutbox.id }).from(pushOutbox).where(stillClaimed);
      if (!row) return null;
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, claimed.subscriptionId));
      return 'gone';
    }
    const attempts = status === 'sent' ? claimed.attempts : claimed.attempts + 1;
    const error = (result.error ?? '').slice(0, MAX_ERROR_LENGTH);
    const change =
      status === 'sent'
        ? { sentAt: sql`now()`, provider: sender, lastError: null }
        : status === 'failed' || attempts >= OUTBOX_MAX_ATTEMPTS
          ? { failedAt: sql`now()`, attempts, lastError: error }
          : {
              attempts,
              lastError: error,
              nextAttemptAt: sql`now() + ${outboxRetryDelaySeconds(attempts)}::int * interval '1 second'`,
            };
    const [row] = await tx
      .update(pushOutbox)
      .set(change)
      .where(stillClaimed)
      .returning({ failedAt: pushOutbox.failedAt });
    if (!row) return null;
    await tx
      .update(pushSubscriptions)
      .set(
        status === 'sent'
          ? { lastSuccessAt: sql`now()`, failureCount: 0 }
          : { failureCount: sql`${pushSubscriptions.failureCount} + 1` },
      )
      .where(eq(pushSubscriptions.id, claimed.subscriptionId));
    if (status === 'sent') return 'sent';
    return row.failedAt ? 'failed' : 'retrying';
  });
}
