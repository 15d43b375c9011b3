import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { smsOutbox } from '@/db/schema';

export type ClaimDueSmsOptions = {
  limit: number;
  /** Longer than a send can take. */
  leaseSeconds: number;
  /** Tests share a database with other work. */
  outboxIds?: string[];
};

export type ClaimedSms = { id: string; to: string; body: string; attempts: number; ignoresOptOut: boolean };

// `FOR UPDATE SKIP LOCKED` splits the rows between dispatchers; once the claim commits the rows are no longer due,
// so no lock is held during the send, and a dead dispatcher only delays its rows until the lease runs out.
export async function claimDueSms(db: Db, { limit, leaseSeconds, outboxIds }: ClaimDueSmsOptions) {
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.status, 'queued'),
        lte(smsOutbox.nextAttemptAt, sql`now()`),
        outboxIds ? inArray(smsOutbox.id, outboxIds) : undefined,
      ),
    )
    .orderBy(asc(smsOutbox.nextAttemptAt), asc(smsOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed: ClaimedSms[] = await db
    .update(smsOutbox)
    .set({ nextAttemptAt: sql`now() + ${leaseSeconds}::int * interval '1 second'` })
    .where(inArray(smsOutbox.id, due))
    .returning({
      id: smsOutbox.id,
      to: smsOutbox.to,
      body: smsOutbox.body,
      attempts: smsOutbox.attempts,
      ignoresOptOut: smsOutbox.ignoresOptOut,
    });
  return claimed;
}
