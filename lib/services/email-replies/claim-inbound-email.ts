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

// Both the `svix-id` and the `email_id` (protocols §3.2), in one transaction: a concurrent twin blocks on the
// unique key and then finds it taken, so exactly one applies the email.
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
