import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { getPayoutAccountOperation, startPayoutOnboardingOperation } from '@/lib/schemas/payout-account';
import { getPayoutAccountStatus } from '@/lib/services/money/get-payout-account-status';
import { startPayoutOnboarding } from '@/lib/services/money/start-payout-onboarding';

// POST /v1/payments/payout-account — create the payout account if needed; an onboarding link
export const POST = route(startPayoutOnboardingOperation, ({ db, actor }) => {
  const back = `${env().SITE_URL}/dashboard/payments`;
  return startPayoutOnboarding(db, {
    processor: getProcessor(db, actor),
    user: userOf(actor),
    returnUrl: back,
    refreshUrl: back,
  });
});

// GET /v1/payments/payout-account — charges, payouts, details and outstanding requirements
export const GET = route(getPayoutAccountOperation, ({ db, actor }) =>
  getPayoutAccountStatus(db, getProcessor(db, actor), userOf(actor).id),
);

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
