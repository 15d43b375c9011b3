import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as verifyRoute } from '@/app/v1/users/me/email/verify/route';
import { getDatabase } from '@/db/client';
import { emails, emailTokens } from '@/db/schema';
import { call, uniqueIp } from './http';

// Helpers for the emailed account links (verification, password reset): read them from the outbox the way the
// human would, and age them.

export type LinkKind = 'verify-email' | 'reset-password';

/** Every email sent to `to`, oldest first. */
export async function emailsTo(to: string) {
  const { db } = await getDatabase();
  return db.select().from(emails).where(eq(emails.to, to)).orderBy(asc(emails.createdAt), asc(emails.id));
}

/** The tokens of the `kind` links emailed to `to`, oldest first. */
export async function linkTokensSentTo(to: string, kind: LinkKind): Promise<string[]> {
  const pattern = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`);
  const found = (await emailsTo(to)).map((email) => pattern.exec(email.text)?.[1]);
  return found.filter((token): token is string => token !== undefined);
}

/** The token of the newest `kind` link emailed to `to` (fails the test when there is none). */
export async function latestLinkToken(to: string, kind: LinkKind): Promise<string> {
  const tokens = await linkTokensSentTo(to, kind);
  expect(tokens.length, `no ${kind} email to ${to}`).toBeGreaterThan(0);
  return tokens[tokens.length - 1] as string;
}

/** POST /v1/users/me/email/verify as the session `token`. */
export function verifyEmailViaApi(sessionToken: string, linkToken: string) {
  return call(verifyRoute, '/v1/users/me/email/verify', {
    token: sessionToken,
    ip: uniqueIp(),
    body: { token: linkToken },
  });
}

/** Moves the expiry of a user's links of one purpose into the past, as if their time had run out. */
export async function expireEmailTokens(userId: string, purpose: 'verify_email' | 'reset_password') {
  const { db } = await getDatabase();
  await db
    .update(emailTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
}
