import type { Executor } from '@/db/client';
import { env } from '@/lib/env';
import type { ReceivedEmailSource } from './received-email';
import { createResendReceiving } from './resend-receiving';
import { createTestModeReceiving } from './test-inbound-emails';

/** Resend's receiving API when RESEND_API_KEY is set, else test mode's local store (as getMailer chooses). */
export function getReceivedEmailSource(db: Executor): ReceivedEmailSource {
  const { RESEND_API_KEY } = env();
  return RESEND_API_KEY ? createResendReceiving({ apiKey: RESEND_API_KEY }) : createTestModeReceiving(db);
}
