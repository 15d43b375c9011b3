import { z } from 'zod';
import { text } from '@/lib/schemas/common';
import { defineOperation } from '@/lib/schemas/operation';
import { inboundWebhook } from './inbound-webhook';

export const inboundEmailWebhookOperation = defineOperation({
  ...inboundWebhook,
  path: '/v1/webhooks/email/inbound',
  operationId: 'receiveInboundEmail',
  summary: 'Inbound email for reply-by-email (Resend)',
  description:
    'Authenticated only by the Svix headers `svix-id`, `svix-timestamp` and `svix-signature`: an HMAC-SHA256 of `<svix-id>.<svix-timestamp>.<body>` under RESEND_WEBHOOK_SECRET (whsec_…), the timestamp within 300 s either way. An `email.received` event addressed to `reply+<token>@<REPLY_DOMAIN>` (or answering a message id that carries the token) is fetched, checked (the sender must be the token’s recipient; auto-replies are dropped), stripped of quoted text and signatures, and posted into the task thread as that person’s message. A closed thread posts nothing and emails the sender back. Other events, and unknown reply addresses, are acknowledged and not stored. Each `svix-id` and each `email_id` is applied once.',
  tags: ['Notifications'],
  // 503 when Resend's receiving API cannot give the body: a non-2xx makes Resend deliver the event again.
  errors: [...inboundWebhook.errors, 'SERVICE_UNAVAILABLE'],
});

// Stored (de-duplication) and put into the Resend API's path: refuses NUL, dots and slashes.
const emailId = text(255).regex(/^[A-Za-z0-9_-]+$/, {
  message: 'Must be a provider email id (letters, digits, - and _)',
});
const address = text(1000);

// The part of a Resend webhook event we rely on (protocols §3.1).
export const resendEventSchema = z.object({
  type: z.string().min(1).max(255),
  data: z.unknown().optional(),
});

// `data` of `email.received`: metadata only; the body and headers are fetched by id.
export const emailReceivedSchema = z.object({
  email_id: emailId,
  from: address.nullish(),
  to: z.array(address).max(100).nullish(),
  cc: z.array(address).max(100).nullish(),
  subject: text(10_000).nullish(),
});

export type EmailReceived = z.infer<typeof emailReceivedSchema>;

/** The /dev/mailbox Reply box: the text typed as the answer to one outbox email. */
export const testReplyBody = z.strictObject({
  emailId: z.uuid(),
  body: text(20_000).trim().min(1, { message: 'Must not be empty' }),
});
