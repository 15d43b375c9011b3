import { and, eq, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboundEvents } from '@/db/schema';

export type InboundEmailIds = { svixId: string; emailId: string };

export type InboundEmailClaim = { duplicate: true } | { duplicate: false; release(): Promise<void> };

const keys = ({ svixId, emailId }: InboundEmailIds) => [
  { provider: 'resend', eventId: svixId },
  { provider: 'resend-email', eventId: emailId },
];

class AlreadyApplied extends Error {}

/**
 * Takes the delivery's `svix-id` and its `email_id` together (protocols §3.2: a redelivery repeats the first, a
 * replay under a new id the second). Both inserts are one transaction: a concurrent twin blocks on the unique
 * key until this commits and then finds it taken, so exactly one applies the email. `release` gives the ids
 * back when applying failed in a way a redelivery may fix.
 */
export async function claimInboundEmail(db: Db, ids: InboundEmailIds): Promise<InboundEmailClaim> {
  try {
    await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(inboundEvents)
        .values(keys(ids))
        .onConflictDoNothing({ target: [inboundEvents.provider, inboundEvents.eventId] })
        .returning({ eventId: inboundEvents.eventId });
      if (fresh.length < 2) throw new AlreadyApplied();
    });
  } catch (error) {
    if (error instanceof AlreadyApplied) return { duplicate: true };
    throw error;
  }
  return {
    duplicate: false,
    release: async () => {
      await db
        .delete(inboundEvents)
        .where(
          or(
            ...keys(ids).map((key) =>
              and(eq(inboundEvents.provider, key.provider), eq(inboundEvents.eventId, key.eventId)),
            ),
          ),
        );
    },
  };
}
