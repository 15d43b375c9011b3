import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { inboundEmailWebhookOperation } from '@/lib/schemas/email-webhooks';
import { receiveInboundEmail } from '@/lib/services/email-replies/receive-inbound-email';

// POST /v1/webhooks/email/inbound — Resend email.received, verified by Svix signature: reply-by-email
export const POST = route(inboundEmailWebhookOperation, ({ database, rawBody, request }) =>
  receiveInboundEmail(database, rawBody, {
    id: request.headers.get('svix-id'),
    timestamp: request.headers.get('svix-timestamp'),
    signature: request.headers.get('svix-signature'),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
