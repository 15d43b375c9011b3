import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { getWalletOperation } from '@/lib/schemas/wallet';
import { getWallet } from '@/lib/services/money/get-wallet';

// GET /v1/payments/wallet — the card on file
export const GET = route(getWalletOperation, ({ db, actor }) =>
  getWallet(db, getProcessor(db, actor), userOf(actor).id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
