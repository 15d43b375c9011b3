import type { Executor } from '@/db/client';
import { smsOutbox } from '@/db/schema';
import { isOptedOut } from './is-opted-out';

export type QueueSmsOptions = {
  /** E.164. */
  to: string;
  body: string;
  /** Only the STOP confirmation: the one text a number that just opted out receives. */
  ignoresOptOut?: boolean;
};

/**
 * Queues one text for the SMS dispatcher (send-due-sms.ts), in the caller's transaction, so it leaves only if
 * the change that causes it commits. Returns null, queuing nothing, when the number has opted out.
 */
export async function queueSms(db: Executor, { to, body, ignoresOptOut = false }: QueueSmsOptions) {
  if (!ignoresOptOut && (await isOptedOut(db, to))) return null;
  const [row] = await db.insert(smsOutbox).values({ to, body, ignoresOptOut }).returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms outbox insert returned no row');
  return { id: row.id };
}
