import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { identityVerifications, payoutAccounts, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { missingProfileFields } from './missing-profile-fields';

type Mode = Pick<PaymentProcessor, 'name' | 'livemode'>;

export type SetListingOptions = { processor: Mode; userId: string; wanted?: boolean };

// The profile row is locked so two flips cannot both read the same state. ID verification is read in the
// caller's processor mode, not from `verification_tier`, so a test-mode verification never lets a live profile list.
export async function setListing(db: Db, { processor, userId, wanted }: SetListingOptions) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select().from(workerProfiles).where(eq(workerProfiles.userId, userId)).for('update');
    if (!profile) throw new ApiError('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' });
    const isListed = wanted ?? !profile.isListed;
    if (isListed) await assertListable(tx, processor, profile);
    if (isListed !== profile.isListed) {
      await tx.update(workerProfiles).set({ isListed }).where(eq(workerProfiles.id, profile.id));
    }
    return { isListed };
  });
}

async function assertListable(tx: Tx, processor: Mode, profile: typeof workerProfiles.$inferSelect) {
  const missing = missingProfileFields(profile);
  if (missing.length > 0) throw new ApiError('PROFILE_INCOMPLETE', { details: { missing } });
  const mode = (table: typeof identityVerifications | typeof payoutAccounts) =>
    and(eq(table.userId, profile.userId), eq(table.livemode, processor.livemode), eq(table.processor, processor.name));
  const [verified] = await tx
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(and(mode(identityVerifications), eq(identityVerifications.status, 'verified')))
    .limit(1);
  if (!verified) throw new ApiError('ID_VERIFICATION_REQUIRED');
  const [payouts] = await tx
    .select({ id: payoutAccounts.accountId })
    .from(payoutAccounts)
    .where(and(mode(payoutAccounts), sql`${payoutAccounts.chargesEnabled} and ${payoutAccounts.payoutsEnabled}`))
    .limit(1);
  if (!payouts) throw new ApiError('PAYMENT_ONBOARDING_REQUIRED');
}
