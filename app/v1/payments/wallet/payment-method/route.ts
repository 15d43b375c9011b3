import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { removePaymentMethodOperation } from '@/lib/schemas/wallet';
import { removePaymentMethod } from '@/lib/services/money/remove-payment-method';

// DELETE /v1/payments/wallet/payment-method — remove the card on file
export const DELETE = route(removePaymentMethodOperation, ({ db, actor }) =>
  removePaymentMethod(db, getProcessor(db, actor), userOf(actor).id),
);

export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
