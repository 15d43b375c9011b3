import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPaymentCustomer } from './find-payment-customer';

export async function getWallet(db: Db, processor: PaymentProcessor, userId: string) {
  const customer = await findPaymentCustomer(db, userId, processor);
  const hasCard = customer?.paymentMethodId && customer.cardBrand && customer.cardLast4;
  return {
    paymentMethod: hasCard
      ? {
          brand: customer.cardBrand ?? '',
          last4: customer.cardLast4 ?? '',
          expMonth: customer.cardExpMonth ?? 0,
          expYear: customer.cardExpYear ?? 0,
        }
      : null,
    processor: processor.name,
  };
}
