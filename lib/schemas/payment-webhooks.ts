import { defineOperation } from '@/lib/schemas/operation';
import { inboundWebhook } from './inbound-webhook';

export const paymentWebhookOperation = defineOperation({
  ...inboundWebhook,
  path: '/v1/webhooks/payments',
  operationId: 'receivePaymentEvent',
  summary: 'Inbound payment processor events (Stripe)',
  description:
    'Authenticated only by the `Stripe-Signature` header over the raw body (STRIPE_WEBHOOK_SECRET; 300 s tolerance in both directions). Each event id is applied once.',
  tags: ['Payments'],
});
