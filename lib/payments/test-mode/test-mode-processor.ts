import type { Db } from '@/db/client';
import type { PaymentProcessor } from '../processor';
import { getTestObject, putTestObject, testObjectId } from './objects';

export type TestSetupIntent = {
  customer: string;
  status: 'requires_payment_method' | 'succeeded';
  return_url: string;
  payment_method?: string;
};

/** The built-in processor: no network, Stripe's test-card behaviour, and pages of our own to click through. */
export function createTestModeProcessor(db: Db, siteUrl: string): PaymentProcessor {
  return {
    name: 'test-mode',
    livemode: false,
    async createCustomer({ userId, email }) {
      const customerId = testObjectId('cus');
      await putTestObject(db, customerId, 'customer', { userId, email });
      return { customerId };
    },
    async createSetupSession({ customerId, returnUrl }) {
      const id = testObjectId('seti');
      const intent: TestSetupIntent = {
        customer: customerId,
        status: 'requires_payment_method',
        return_url: returnUrl,
      };
      await putTestObject(db, id, 'setup_intent', intent);
      return { setupUrl: `${siteUrl}/test-processor/setup/${id}` };
    },
    async detachPaymentMethod(paymentMethodId) {
      const method = await getTestObject(db, paymentMethodId, 'payment_method');
      if (method) await putTestObject(db, paymentMethodId, 'payment_method', { ...method, customer: null });
    },
    async probe() {},
  };
}
