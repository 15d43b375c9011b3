import { checkProviderPayload, parseProviderJson } from '@/lib/errors/provider-payload';
import { type EmailReceived, emailReceivedSchema, resendEventSchema } from '@/lib/schemas/email-webhooks';

// Other event types are acknowledged, never stored.
export function parseInboundEmail(rawBody: string): EmailReceived | null {
  const event = checkProviderPayload(resendEventSchema.safeParse(parseProviderJson(rawBody)));
  if (event.type !== 'email.received') return null;
  return checkProviderPayload(emailReceivedSchema.safeParse(event.data), ['data']);
}
