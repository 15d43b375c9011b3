import { z } from 'zod';
import { text } from '@/lib/schemas/common';
import { defineOperation } from '@/lib/schemas/operation';
import { inboundWebhook } from './inbound-webhook';

/**
 * The longest inbound text stored (UTF-16 code units): ten concatenated SMS segments are at most 1,530 GSM
 * characters, so a longer body is not a text message.
 */
export const MAX_INBOUND_SMS_CHARACTERS = 1600;

export const inboundSmsWebhookOperation = defineOperation({
  ...inboundWebhook,
  path: '/v1/webhooks/sms/inbound-sms',
  operationId: 'receiveInboundSms',
  summary: 'Inbound text messages (Telnyx)',
  description:
    'Authenticated only by the `telnyx-signature-ed25519` and `telnyx-timestamp` headers: an Ed25519 signature of `<timestamp>|<body>` checked with TELNYX_PUBLIC_KEY (300 s tolerance in both directions). A `message.received` event becomes an intake message (STOP, START and HELP are answered); other events are acknowledged and not stored. Each event id is applied once.',
  tags: ['Intake'],
});

// Provider ids are stored, so they refuse NUL as message text does (PostgreSQL text cannot hold it).
const providerId = text(255).min(1);

// The part of a Telnyx messaging event we rely on (protocols §4.1); every event has these.
export const telnyxEventSchema = z.object({
  data: z.object({
    id: providerId,
    event_type: z.string().min(1).max(255),
    payload: z.unknown().optional(),
  }),
});

// `data.payload` of `message.received`. `text` is absent or empty for an MMS with only media.
export const telnyxInboundMessageSchema = z.object({
  id: providerId,
  from: z.object({ phone_number: z.string().max(64) }),
  text: text(MAX_INBOUND_SMS_CHARACTERS).nullish(),
  media: z.array(z.unknown()).nullish(),
});

export type TelnyxInboundMessage = z.infer<typeof telnyxInboundMessageSchema>;
