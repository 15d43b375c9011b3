import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { notificationDigestItems, notificationEmails, notifications, users } from '@/db/schema';
import { logger } from '@/lib/logger';

export type SendAgentChargeDigestsOptions = {
  /** Tests share a database with other work. */
  userIds?: string[];
};

const BATCH = 100;

const todayUtc = sql`(date_trunc('day', now() at time zone 'utc') at time zone 'utc')`;
const dayOf = sql<string>`to_char(${notificationDigestItems.createdAt} at time zone 'utc', 'YYYY-MM-DD')`;

// One transaction per (operator, day), rows claimed FOR UPDATE SKIP LOCKED so instances split the work; the
// dedupe key `agent_charge_digest:<day>` makes a day's digest once. Marked read: its charges are in the app.
export async function sendAgentChargeDigests(
  db: Db,
  { userIds }: SendAgentChargeDigestsOptions = {},
): Promise<{ digests: number }> {
  const due = await db
    .selectDistinct({ userId: notificationDigestItems.userId, day: dayOf })
    .from(notificationDigestItems)
    .where(
      and(
        lt(notificationDigestItems.createdAt, todayUtc),
        userIds ? inArray(notificationDigestItems.userId, userIds) : undefined,
      ),
    )
    .limit(BATCH);
  let digests = 0;
  for (const { userId, day } of due) {
    try {
      if (await db.transaction((tx) => digestDay(tx, userId, day))) digests += 1;
    } catch (error) {
      logger.warn('queueing an agent-charge digest failed; the next round retries', { userId, day, error });
    }
  }
  return { digests };
}

async function digestDay(tx: Tx, userId: string, day: string): Promise<boolean> {
  const items = await tx
    .select({ notificationId: notificationDigestItems.notificationId })
    .from(notificationDigestItems)
    .where(and(eq(notificationDigestItems.userId, userId), eq(dayOf, day)))
    .for('update', { skipLocked: true });
  if (items.length === 0) return false;
  const ids = items.map((item) => item.notificationId);
  const charges = await tx
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(inArray(notifications.id, ids))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  await tx.delete(notificationDigestItems).where(inArray(notificationDigestItems.notificationId, ids));
  const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const count = charges.length === 1 ? '1 card charge' : `${charges.length} card charges`;
  const [digest] = await tx
    .insert(notifications)
    .values({
      userId,
      kind: 'agent_charge',
      title: `Your agents’ card charges on ${day}: ${count}`,
      body: charges.map((charge) => `• ${charge.title}\n${indent(charge.body)}`).join('\n\n'),
      link: '/dashboard/payments',
      dedupeKey: `agent_charge_digest:${day}`,
      readAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!digest || !person?.email) return false;
  await tx.insert(notificationEmails).values({ notificationId: digest.id });
  return true;
}

const indent = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `  ${line}`)
    .join('\n');
