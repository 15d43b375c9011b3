import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { ensurePaymentCustomer } from './payment-customer';

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
