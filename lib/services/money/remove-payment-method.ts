import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { paymentCustomers } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPaymentCustomer } from './find-payment-customer';

export async function removePaymentMethod(db: Db, processor: PaymentProcessor, userId: string) {
  const customer = await findPaymentCustomer(db, userId, processor);
  if (!customer?.paymentMethodId) return { removed: false };
  await processor.detachPaymentMethod(customer.paymentMethodId);
  await db
    .update(paymentCustomers)
    .set({ paymentMethodId: null, cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null })
    .where(
      and(
        eq(paymentCustomers.userId, userId),
        eq(paymentCustomers.livemode, processor.livemode),
        eq(paymentCustomers.processor, processor.name),
      ),
    );
  return { removed: true };
}
