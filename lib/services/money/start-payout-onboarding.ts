import type { Db } from '@/db/client';
import { payoutAccounts } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPayoutAccount } from './find-payout-account';

export type StartPayoutOnboardingOptions = {
  processor: PaymentProcessor;
  user: { id: string; email: string | null };
  returnUrl: string;
  refreshUrl: string;
};

/** One connected account per user and mode. */
export async function startPayoutOnboarding(
  db: Db,
  { processor, user, returnUrl, refreshUrl }: StartPayoutOnboardingOptions,
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
  const { url } = await processor.createOnboardingLink({ accountId: account.accountId, returnUrl, refreshUrl });
  return { onboardingUrl: url };
}
