import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { paymentWebhookOperation } from '@/lib/schemas/payment-webhooks';
import { receivePaymentEvent } from '@/lib/services/money/receive-payment-event';

// POST /v1/webhooks/payments — Stripe events, verified by signature and applied once
export const POST = route(paymentWebhookOperation, ({ db, rawBody, request }) =>
  receivePaymentEvent(db, rawBody, request.headers.get('stripe-signature')),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
