import { validationError } from '@/lib/errors/api-error';
import { checkProviderPayload as check, parseProviderJson } from '@/lib/errors/provider-payload';
import { telnyxEventSchema, telnyxInboundMessageSchema } from '@/lib/schemas/sms-webhooks';
import { toE164 } from '@/lib/sms/phone-number';

export type InboundSms = {
  eventId: string;
  phone: string;
  body: string;
  providerMessageId: string;
};

// Null for an event that is not an inbound message: acknowledged, never stored.
export function parseInboundSms(rawBody: string): InboundSms | null {
  const { data: event } = check(telnyxEventSchema.safeParse(parseProviderJson(rawBody)), []);
  if (event.event_type !== 'message.received') return null;
  const message = check(telnyxInboundMessageSchema.safeParse(event.payload), ['data', 'payload']);
  const phone = toE164(message.from.phone_number);
  if (!phone) {
    throw validationError([
      { path: ['data', 'payload', 'from', 'phone_number'], message: 'Must be a phone number in E.164 format' },
    ]);
  }
  const text = message.text ?? '';
  const body = text === '' && (message.media?.length ?? 0) > 0 ? '[MMS without text]' : text;
  return { eventId: event.id, phone, body, providerMessageId: message.id };
}
