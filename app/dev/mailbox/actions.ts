'use server';

import { randomUUID } from 'node:crypto';
import { notFound } from 'next/navigation';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { isDevMailboxEnabled } from '@/lib/mail/dev-mailbox';
import { resendWebhookSecret, signResendWebhook } from '@/lib/mail/resend-webhook';
import { testReplyBody } from '@/lib/schemas/email-webhooks';
import { composeTestReply } from '@/lib/services/email-replies/compose-test-reply';
import { describeFormError } from '@/lib/web/describe-error';

/**
 * The Reply box: answers an outbox email as its recipient would from a mail client. The answer is stored in
 * test mode's mail store and announced to the service's own webhook with the same Svix-signed `email.received`
 * call Resend makes, so the whole reply-by-email path runs (RESEND_WEBHOOK_SECRET, or the test-mode secret).
 */
export async function replyByEmailAction(emailId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  if (!isDevMailboxEnabled()) notFound();
  const secret = resendWebhookSecret();
  if (!secret) return { error: 'Set RESEND_WEBHOOK_SECRET, or unset RESEND_API_KEY for test mode, to reply here.' };
  const { db } = await getDatabase();
  let payload: string;
  try {
    const input = testReplyBody.parse({ emailId, body: String(form.get('body') ?? '') });
    payload = await composeTestReply(db, input);
  } catch (error) {
    return describeFormError(error, { body: { field: 'body', label: 'Reply' } });
  }
  const url = `${env().SITE_URL}/v1/webhooks/email/inbound`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signResendWebhook(payload, { secret, id: `msg_${randomUUID()}` }),
      },
      body: payload,
      signal: AbortSignal.timeout(15_000),
    });
    if (res.ok) return { saved: true };
    logger.warn('dev mailbox: the inbound email webhook refused the reply', { status: res.status });
    return { error: `The webhook answered ${res.status}.` };
  } catch (error) {
    logger.warn('dev mailbox: the inbound email webhook did not answer', {
      url,
      error: error instanceof Error ? error.message : String(error),
    });
    return { error: `The webhook at ${url} did not answer; is SITE_URL this server?` };
  }
}
