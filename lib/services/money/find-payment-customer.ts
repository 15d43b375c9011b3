import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentCustomers } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';

export async function findPaymentCustomer(db: Executor, userId: string, processor: PaymentProcessor) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.userId, userId),
        eq(paymentCustomers.livemode, processor.livemode),
        eq(paymentCustomers.processor, processor.name),
      ),
    )
    .limit(1);
  return row;
}
