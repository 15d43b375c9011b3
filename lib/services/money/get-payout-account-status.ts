import type { Db } from '@/db/client';
import type { PaymentProcessor, PayoutAccountStatus } from '@/lib/payments/processor';
import { findPayoutAccount } from './find-payout-account';

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
