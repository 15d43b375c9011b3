import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { notificationEmails, notifications, tasks, users } from '@/db/schema';

export type ClaimDueNotificationEmailsOptions = {
  limit: number;
  /** How long the claim keeps other senders off the rows; longer than a send can take. */
  leaseSeconds: number;
  /** Only these rows (tests share a database with other work). */
  ids?: string[];
};

const requester = alias(users, 'requester');

/**
 * Claims up to `limit` due notification emails, oldest due first, by moving their next attempt out by the lease
 * (as claim-due-sms.ts does: `FOR UPDATE SKIP LOCKED` splits the rows between senders, no lock is held during the
 * send, a sender that dies only delays its rows until the lease runs out). Returns each with its notification,
 * the person's address, and whether they are a side of the notification's task (their reply goes to its thread).
 */
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
