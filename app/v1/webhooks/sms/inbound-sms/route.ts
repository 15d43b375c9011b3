import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { inboundSmsWebhookOperation } from '@/lib/schemas/sms-webhooks';
import { receiveInboundSms } from '@/lib/services/intake/receive-inbound-sms';

// POST /v1/webhooks/sms/inbound-sms — Telnyx messaging events, verified by Ed25519 signature and applied once
export const POST = route(inboundSmsWebhookOperation, ({ db, rawBody, request }) =>
  receiveInboundSms(db, rawBody, {
    signature: request.headers.get('telnyx-signature-ed25519'),
    timestamp: request.headers.get('telnyx-timestamp'),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
