import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { paymentCustomers } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { ensurePaymentCustomer, findPaymentCustomer } from './payment-customer';

/** The processor page for adding a card; back to `returnUrl` when done. */
export async function startWalletSetup(
  db: Db,
  processor: PaymentProcessor,
  user: { id: string; email: string | null },
  returnUrl: string,
) {
  const customer = await ensurePaymentCustomer(db, processor, user);
  return processor.createSetupSession({ customerId: customer.customerId, returnUrl });
}

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
