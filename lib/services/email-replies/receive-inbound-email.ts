import type { Database } from '@/db/client';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { getReceivedEmailSource } from '@/lib/mail/get-received-email-source';
import type { ReceivedEmail, ReceivedEmailSource } from '@/lib/mail/received-email';
import { replyTokensInAddresses, replyTokensInHeaders } from '@/lib/mail/reply-address';
import { resendWebhookSecret, type SvixHeaders, verifyResendWebhook } from '@/lib/mail/resend-webhook';
import { applyEmailReply } from './apply-email-reply';
import { claimInboundEmail } from './claim-inbound-email';
import { findReplyToken } from './find-reply-token';
import { parseInboundEmail } from './parse-inbound-email';

export type ReceiveInboundEmailOptions = {
  source?: ReceivedEmailSource;
};

// DESIGN §5: the Svix signature first (on the exact bytes). An unknown address, and any other event, is
// acknowledged and stores nothing.
export async function receiveInboundEmail(
  database: Database,
  rawBody: string,
  headers: SvixHeaders,
  options: ReceiveInboundEmailOptions = {},
) {
  const secret = resendWebhookSecret();
  if (!secret) {
    throw new ApiError('WEBHOOK_NOT_CONFIGURED', {
      hint: 'Set RESEND_WEBHOOK_SECRET (the whsec_ signing secret of the Resend webhook) and resend the event.',
    });
  }
  verifyResendWebhook(rawBody, headers, secret);
  const event = parseInboundEmail(rawBody);
  if (!event) return { received: true };

  const { db } = database;
  const domain = env().REPLY_DOMAIN;
  const source = options.source ?? getReceivedEmailSource(db);
  const emailId = event.email_id;
  let email: ReceivedEmail | null | undefined;
  let token = await findReplyToken(db, replyTokensInAddresses([...(event.to ?? []), ...(event.cc ?? [])], domain));
  if (!token) {
    email = await source.fetch(emailId);
    if (email) token = await findReplyToken(db, replyTokensInHeaders(email.headers, domain));
  }
  if (!token) {
    logger.info('reply-by-email: no valid reply address; acknowledged', { emailId });
    return { received: true };
  }

  const claim = await claimInboundEmail(db, { svixId: headers.id ?? '', emailId });
  if (claim.duplicate) return { received: true, duplicate: true };
  try {
    email ??= await source.fetch(emailId);
    if (!email) {
      logger.warn('reply-by-email: the provider has no such email; acknowledged', { emailId });
      return { received: true };
    }
    await applyEmailReply(database, { token, email, emailId });
  } catch (error) {
    await claim.release();
    throw error;
  }
  return { received: true };
}
