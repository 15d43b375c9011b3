import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { smsOptOuts } from '@/db/schema';
import { env } from '@/lib/env';
import type { SmsKeyword } from '@/lib/sms/sms-keyword';
import { queueSms } from './queue-sms';

const STOP_CONFIRMATION = "You're unsubscribed from Legwork texts. Reply START to resubscribe.";
const START_CONFIRMATION = "You're resubscribed to Legwork texts. Reply HELP for help, STOP to opt out.";

const helpText = () =>
  `Legwork: text us what you need done and we'll reply. Help: ${env().SITE_URL}. Reply STOP to opt out.`;

// STOP is confirmed only when it opts the number out (a repeat, or a concurrent STOP, is not); HELP is not
// answered to an opted-out number.
export async function answerSmsKeyword(tx: Tx, phone: string, keyword: SmsKeyword) {
  if (keyword === 'stop') {
    const [added] = await tx
      .insert(smsOptOuts)
      .values({ phone })
      .onConflictDoNothing({ target: smsOptOuts.phone })
      .returning({ phone: smsOptOuts.phone });
    if (!added) return null;
    return queued(await queueSms(tx, { to: phone, body: STOP_CONFIRMATION, ignoresOptOut: true }), STOP_CONFIRMATION);
  }
  if (keyword === 'start') {
    await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    return queued(await queueSms(tx, { to: phone, body: START_CONFIRMATION }), START_CONFIRMATION);
  }
  const body = helpText();
  return queued(await queueSms(tx, { to: phone, body }), body);
}

const queued = (row: { id: string } | null, body: string) => (row ? { outboxId: row.id, body } : null);
