import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { startWalletSetupOperation } from '@/lib/schemas/wallet';
import { startWalletSetup } from '@/lib/services/money/start-wallet-setup';

// POST /v1/payments/wallet/setup — the processor page for adding a card
export const POST = route(startWalletSetupOperation, ({ db, actor }) =>
  startWalletSetup(db, {
    processor: getProcessor(db, actor),
    user: userOf(actor),
    returnUrl: `${env().SITE_URL}/dashboard/payments`,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
