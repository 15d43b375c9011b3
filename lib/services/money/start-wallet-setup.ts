import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { ensurePaymentCustomer } from './ensure-payment-customer';

export type StartWalletSetupOptions = {
  processor: PaymentProcessor;
  user: { id: string; email: string | null };
  returnUrl: string;
};

export async function startWalletSetup(db: Db, { processor, user, returnUrl }: StartWalletSetupOptions) {
  const customer = await ensurePaymentCustomer(db, processor, user);
  return processor.createSetupSession({ customerId: customer.customerId, returnUrl });
}
