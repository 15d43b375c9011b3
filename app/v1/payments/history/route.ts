import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { paymentHistoryOperation } from '@/lib/schemas/payment-history';
import { listPaymentHistory } from '@/lib/services/money/list-payment-history';

// GET /v1/payments/history — the caller's charges, refunds, transfers and receipts, newest first
export const GET = route(paymentHistoryOperation, ({ db, actor, query }) =>
  listPaymentHistory(db, { userId: userOf(actor).id, livemode: getProcessor(db, actor).livemode, ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
