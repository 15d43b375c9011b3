import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { payoutAccounts } from '@/db/schema';
import type { PaymentProcessor, PayoutAccountStatus } from '@/lib/payments/processor';

export async function findPayoutAccount(db: Db, userId: string, processor: PaymentProcessor) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.userId, userId),
        eq(payoutAccounts.livemode, processor.livemode),
        eq(payoutAccounts.processor, processor.name),
      ),
    )
    .limit(1);
  return row;
}

/** Creates the connected account on first call (one per user and mode), then a fresh onboarding link. */
export async function startPayoutOnboarding(
  db: Db,
  processor: PaymentProcessor,
  user: { id: string; email: string | null },
  urls: { returnUrl: string; refreshUrl: string },
) {
  let account = await findPayoutAccount(db, user.id, processor);
  if (!account) {
    const { accountId } = await processor.createPayoutAccount({ userId: user.id, email: user.email });
    const status = await processor.getPayoutAccount(accountId);
    await db
      .insert(payoutAccounts)
      .values({ userId: user.id, livemode: processor.livemode, processor: processor.name, accountId, ...status })
      .onConflictDoNothing();
    account = await findPayoutAccount(db, user.id, processor);
    if (!account) throw new Error('payout account row missing after insert');
  }
  const { url } = await processor.createOnboardingLink({ accountId: account.accountId, ...urls });
  return { onboardingUrl: url };
}

/** As the processor's events last reported it; before any account exists, everything is off. */
export async function getPayoutAccountStatus(
  db: Db,
  processor: PaymentProcessor,
  userId: string,
): Promise<PayoutAccountStatus> {
  const account = await findPayoutAccount(db, userId, processor);
  if (!account)
    return { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, requirements: ['onboarding'] };
  return {
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    detailsSubmitted: account.detailsSubmitted,
    requirements: account.requirements,
  };
}
