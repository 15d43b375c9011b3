import type { Executor } from '@/db/client';
import { smsOutbox } from '@/db/schema';
import { isOptedOut } from './is-opted-out';

export type QueueSmsOptions = {
  /** E.164. */
  to: string;
  body: string;
  ignoresOptOut?: boolean;
};

// In the caller's transaction, so the text leaves only if the change that causes it commits.
export async function queueSms(db: Executor, { to, body, ignoresOptOut = false }: QueueSmsOptions) {
  if (!ignoresOptOut && (await isOptedOut(db, to))) return null;
  const [row] = await db.insert(smsOutbox).values({ to, body, ignoresOptOut }).returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms outbox insert returned no row');
  return { id: row.id };
}
