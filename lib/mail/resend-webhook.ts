import { Webhook, WebhookVerificationError } from 'svix';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { isDevMailboxEnabled } from './dev-mailbox';

/**
 * Test mode's webhook secret: with no RESEND_WEBHOOK_SECRET, no RESEND_API_KEY and /dev/mailbox enabled, the
 * mailbox's Reply box signs with it and the webhook verifies with it, so the loop works on the embedded default.
 * It is public, which is harmless there: in test mode the email's body comes from the local store, written only
 * by the mailbox.
 */
export const TEST_MODE_RESEND_WEBHOOK_SECRET = 'whsec_bGVnd29yay10ZXN0LW1vZGUtcmVwbHktYnktZW1haWw=';

/** The secret Resend's webhooks are verified with, or undefined when none is configured. */
export function resendWebhookSecret(): string | undefined {
  const { RESEND_WEBHOOK_SECRET, RESEND_API_KEY } = env();
  if (RESEND_WEBHOOK_SECRET) return RESEND_WEBHOOK_SECRET;
  if (!RESEND_API_KEY && isDevMailboxEnabled()) return TEST_MODE_RESEND_WEBHOOK_SECRET;
  return undefined;
}

export type SvixHeaders = { id: string | null; timestamp: string | null; signature: string | null };

const HINT =
  'Sign `<svix-id>.<svix-timestamp>.<body>` with the endpoint’s whsec_ secret (Svix); the timestamp must be within 300 seconds.';

/**
 * Checks a Resend (Svix) webhook on the exact bytes with the `svix` library: the three headers, a timestamp
 * within 300 s either way, and an HMAC-SHA256 `v1` signature. Anything else is 400 INVALID_SIGNATURE.
 */
export function verifyResendWebhook(rawBody: string, { id, timestamp, signature }: SvixHeaders, secret: string) {
  const invalid = (message: string) => new ApiError('INVALID_SIGNATURE', { message, hint: HINT });
  if (!id || !timestamp || !signature) throw invalid('Missing svix-id, svix-timestamp or svix-signature header');
  // Stored as the event id, so bounded; parseInt inside the library would accept `123abc`.
  if (id.length > 255) throw invalid('svix-id must be at most 255 characters');
  if (!/^\d{1,12}$/.test(timestamp)) throw invalid('svix-timestamp must be unix seconds (digits only)');
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch {
    logger.error('RESEND_WEBHOOK_SECRET is not a whsec_ secret (base64 after the prefix)');
    throw invalid('No signature matches the body');
  }
  try {
    webhook.verify(rawBody, { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': signature });
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) return; // it parses the body only once the signature matched
    if (/timestamp too (old|new)/.test(error.message)) throw invalid('svix-timestamp is outside the tolerance');
    throw invalid('No signature matches the body');
  }
}

/** The Svix headers for `body` as Resend sends them (the mailbox's Reply box; tests). */
export function signResendWebhook(
  body: string,
  { secret, id, at = new Date() }: { secret: string; id: string; at?: Date },
) {
  return {
    'svix-id': id,
    'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
    'svix-signature': new Webhook(secret).sign(id, at, body),
  };
}
