import type { Executor } from '@/db/client';
import { env } from '@/lib/env';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createResendMailer } from './resend-mailer';

/** Resend when RESEND_API_KEY is set, else the outbox (stored only, shown at /dev/mailbox). */
export function getMailer(db: Executor): Mailer {
  const { RESEND_API_KEY, EMAIL_FROM } = env();
  if (!RESEND_API_KEY) return createOutboxMailer(db, EMAIL_FROM);
  return createResendMailer(db, { apiKey: RESEND_API_KEY, from: EMAIL_FROM });
}
