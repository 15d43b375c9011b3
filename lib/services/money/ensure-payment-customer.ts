import type { Db } from '@/db/client';
import { paymentCustomers } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPaymentCustomer } from './find-payment-customer';

type Owner = { id: string; email: string | null };

/** Concurrent first calls keep one row. */
export async function ensurePaymentCustomer(db: Db, processor: PaymentProcessor, user: Owner) {
  const existing = await findPaymentCustomer(db, user.id, processor);
  if (existing) return existing;
  const { customerId } = await processor.createCustomer({ userId: user.id, email: user.email });
  await db
    .insert(paymentCustomers)
    .values({ userId: user.id, livemode: processor.livemode, processor: processor.name, customerId })
    .onConflictDoNothing();
  const created = await findPaymentCustomer(db, user.id, processor);
  if (!created) throw new Error('payment customer row missing after insert');
  return created;
}
