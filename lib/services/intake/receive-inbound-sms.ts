import type { Db } from '@/db/client';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { type TelnyxSignatureHeaders, verifyTelnyxSignature } from '@/lib/sms/verify-telnyx-signature';
import { parseInboundSms } from './parse-inbound-sms';
import { recordInboundSms } from './record-inbound-sms';

// The signature is checked on the exact bytes, before anything is parsed.
export async function receiveInboundSms(db: Db, rawBody: string, headers: TelnyxSignatureHeaders) {
  const publicKey = env().TELNYX_PUBLIC_KEY;
  if (!publicKey) {
    throw new ApiError('WEBHOOK_NOT_CONFIGURED', {
      hint: 'Set TELNYX_PUBLIC_KEY (the account’s public key from the Telnyx portal) and resend the event.',
    });
  }
  verifyTelnyxSignature(rawBody, headers, publicKey);
  const sms = parseInboundSms(rawBody);
  if (!sms) return { received: true };
  const { duplicate } = await recordInboundSms(db, sms);
  return duplicate ? { received: true, duplicate } : { received: true };
}
