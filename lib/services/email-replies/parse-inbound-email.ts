import { checkProviderPayload, parseProviderJson } from '@/lib/errors/provider-payload';
import { type EmailReceived, emailReceivedSchema, resendEventSchema } from '@/lib/schemas/email-webhooks';

/**
 * A verified Resend delivery as its `email.received` data, or null for any other event type (acknowledged,
 * never stored). Anything malformed is a 400 `VALIDATION_ERROR` naming the field.
 */
export function parseInboundEmail(rawBody: string): EmailReceived | null {
  const event = checkProviderPayload(resendEventSchema.safeParse(parseProviderJson(rawBody)));
  if (event.type !== 'email.received') return null;
  return checkProviderPayload(emailReceivedSchema.safeParse(event.data), ['data']);
}
