import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

export const paymentWebhookOperation = defineOperation({
  method: 'POST',
  path: '/v1/webhooks/payments',
  operationId: 'receivePaymentEvent',
  summary: 'Inbound payment processor events (Stripe)',
  description:
    'Authenticated only by the `Stripe-Signature` header over the raw body (STRIPE_WEBHOOK_SECRET; 300 s tolerance in both directions). Each event id is applied once.',
  tags: ['Payments'],
  auth: 'none',
  rateLimit: 'none',
  idempotent: false,
  rawBody: true,
  // The spec row shows `200 {received: boolean}` with no `{data}` wrapper (DESIGN §5, inbound webhooks).
  envelope: false,
  response: z.object({
    received: z.boolean().describe('True when the event was accepted (including a repeat).'),
    duplicate: z.boolean().optional().describe('True when this event id had already been applied.'),
  }),
  errors: ['INVALID_SIGNATURE', 'VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'WEBHOOK_NOT_CONFIGURED'],
});
