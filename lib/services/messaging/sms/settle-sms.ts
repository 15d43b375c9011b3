import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelaySeconds } from '@/db/outbox-retry';
import { intakeMessages, smsOutbox } from '@/db/schema';
import type { MessengerName } from '@/lib/sms/messenger';
import type { ClaimedSms } from './claim-due-sms';

export type SmsOutcome =
  | { kind: 'sent'; provider: MessengerName; providerId: string | null }
  /** `error` is safe to store: adapters keep keys out of it. */
  | { kind: 'failed'; error: string }
  | { kind: 'opted-out' };

const MAX_ERROR_LENGTH = 500;

// The update holds only while the claim does: if the lease ran out and another dispatcher settled the row, this
// outcome is dropped (null).
export async function settleSms(db: Db, claimed: ClaimedSms, outcome: SmsOutcome) {
  return db.transaction(async (tx) => {
    const attempts = outcome.kind === 'failed' ? claimed.attempts + 1 : claimed.attempts;
    const change =
      outcome.kind === 'sent'
        ? {
            status: 'sent' as const,
            provider: outcome.provider,
            providerId: outcome.providerId,
            sentAt: sql`now()`,
            lastError: null,
          }
        : outcome.kind === 'opted-out'
          ? { status: 'failed' as const, lastError: 'opted out' }
          : attempts >= OUTBOX_MAX_ATTEMPTS
            ? { status: 'failed' as const, attempts, lastError: outcome.error.slice(0, MAX_ERROR_LENGTH) }
            : {
                attempts,
                lastError: outcome.error.slice(0, MAX_ERROR_LENGTH),
                nextAttemptAt: sql`now() + ${outboxRetryDelaySeconds(attempts)}::int * interval '1 second'`,
              };
    const [row] = await tx
      .update(smsOutbox)
      .set(change)
      .where(
        and(eq(smsOutbox.id, claimed.id), eq(smsOutbox.status, 'queued'), eq(smsOutbox.attempts, claimed.attempts)),
      )
      .returning({ status: smsOutbox.status });
    if (!row) return null;
    if (row.status !== 'queued') {
      await tx.update(intakeMessages).set({ status: row.status }).where(eq(intakeMessages.outboxId, claimed.id));
    }
    return row.status;
  });
}
