import type { Db } from '@/db/client';
import { handleProcessorEvent } from '../events/handle-processor-event';
import { getTestObject, putTestObject, testObjectId } from './objects';
import { type CardInput, checkTestCard } from './test-cards';
import type { TestSetupIntent } from './test-mode-processor';

export type ConfirmResult = { ok: true; returnUrl: string } | { ok: false; code: string; message: string };

/**
 * The test-mode card page's submit: checks the card like Stripe's test mode, stores a payment method
 * (brand, last4, expiry, and the outcome later charges will have), and reports `setup_intent.succeeded`
 * through the same event handler as Stripe's webhook.
 */
export async function confirmTestSetup(db: Db, setupIntentId: string, card: CardInput): Promise<ConfirmResult> {
  const intent = await getTestObject<TestSetupIntent>(db, setupIntentId, 'setup_intent');
  if (!intent) return { ok: false, code: 'resource_missing', message: 'This card setup link is not valid.' };
  if (intent.status === 'succeeded') return { ok: true, returnUrl: intent.return_url };

  const check = checkTestCard(card);
  if (!check.ok) return check;

  const paymentMethodId = testObjectId('pm');
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const cardDetails = { brand: 'visa', last4: check.last4, exp_month: card.expMonth, exp_year: expYear };
  await putTestObject(db, paymentMethodId, 'payment_method', {
    customer: intent.customer,
    card: cardDetails,
    test_outcome: check.outcome,
  });
  await putTestObject(db, setupIntentId, 'setup_intent', {
    ...intent,
    status: 'succeeded',
    payment_method: paymentMethodId,
  });
  await handleProcessorEvent(db, {
    id: testObjectId('evt'),
    type: 'setup_intent.succeeded',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: setupIntentId,
        customer: intent.customer,
        payment_method: { id: paymentMethodId, card: cardDetails },
      },
    },
  });
  return { ok: true, returnUrl: intent.return_url };
}
