import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { notificationEmails, notifications, tasks, users } from '@/db/schema';

export type ClaimDueNotificationEmailsOptions = {
  limit: number;
  /** Longer than a send can take. */
  leaseSeconds: number;
  /** Tests share a database with other work. */
  ids?: string[];
};

const requester = alias(users, 'requester');

// The lease claim of claim-due-sms.ts: `FOR UPDATE SKIP LOCKED` splits the rows, no lock is held during the
// send, and a dead sender only delays its rows until the lease runs out.
export async function claimDueNotificationEmails(
  db: Db,
  { limit, leaseSeconds, ids }: ClaimDueNotificationEmailsOptions,
) {
  const due = db
    .select({ id: notificationEmails.id })
    .from(notificationEmails)
    .where(
      and(
        eq(notificationEmails.status, 'queued'),
        lte(notificationEmails.nextAttemptAt, sql`now()`),
        ids ? inArray(notificationEmails.id, ids) : undefined,
      ),
    )
    .orderBy(asc(notificationEmails.nextAttemptAt), asc(notificationEmails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(notificationEmails)
    .set({ nextAttemptAt: sql`now() + ${leaseSeconds}::int * interval '1 second'` })
    .where(inArray(notificationEmails.id, due))
    .returning({ id: notificationEmails.id, attempts: notificationEmails.attempts });
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      id: notificationEmails.id,
      notification: notifications,
      summaryTitle: notificationEmails.summaryTitle,
      summaryBody: notificationEmails.summaryBody,
      to: users.email,
      partyOfTask: sql<boolean>`coalesce(${notifications.userId} in (${tasks.requesterId}, ${tasks.workerId},
        ${requester.ownerId}), false)`,
    })
    .from(notificationEmails)
    .innerJoin(notifications, eq(notifications.id, notificationEmails.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(tasks, eq(tasks.id, notifications.taskId))
    .leftJoin(requester, eq(requester.id, tasks.requesterId))
    .where(
      inArray(
        notificationEmails.id,
        claimed.map((row) => row.id),
      ),
    );
  const attemptsOf = new Map(claimed.map((row) => [row.id, row.attempts]));
  return rows.map((row) => ({ ...row, attempts: attemptsOf.get(row.id) ?? 0 }));
}

export type ClaimedNotificationEmail = Awaited<ReturnType<typeof claimDueNotificationEmails>>[number];
