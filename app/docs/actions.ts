'use server';

import { headers } from 'next/headers';
import { getDatabase } from '@/db/client';
import { clientIp } from '@/lib/api/request-context';
import { enforceUserRateLimit } from '@/lib/api/steps/rate-limit';
import { createApiKey } from '@/lib/services/operators/create-api-key';
import { issueSession } from '@/lib/services/sessions/issue-session';
import { describeActionError } from '@/lib/web/describe-error';
import { getBrowserUser } from '@/lib/web/next-auth';

/** The token lives in the tab's sessionStorage and outlives a sign-out, so it expires within the hour. */
const TRY_IT_SESSION_TTL_MS = 60 * 60 * 1000;

export type TryItSession = { token?: string; error?: string };

/**
 * A session token for the signed-in person, so "Try it" on /docs can call /v1 as them (the API takes bearer
 * tokens, and the browser's cookie holds only its session's id). The same as signing in through
 * POST /v1/auth/sessions, but for an hour; the page keeps the token for the tab and asks for a new one when it has
 * none or the old one is refused.
 */
export async function tryItSessionAction(): Promise<TryItSession> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Sign in to try the API as yourself, or paste an API key.' };
  try {
    const database = await getDatabase();
    await enforceUserRateLimit(database, current.user.id);
    const request = await headers();
    const issued = await issueSession(database.db, current.user.id, {
      ip: clientIp(request),
      userAgent: request.get('user-agent'),
      ttlMs: TRY_IT_SESSION_TTL_MS,
    });
    return { token: issued.token };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

export type TryItTestKey = { key?: string; error?: string };

/**
 * A test-mode API key of the signed-in person for Try it's default, so calls that charge or pay out move no
 * real money. Kept in the tab like the session token, so it expires within the hour too; it is listed on the
 * Keys page meanwhile, by its name.
 */
export async function tryItTestKeyAction(): Promise<TryItTestKey> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Sign in to get a test key for Try it, or paste one.' };
  try {
    const database = await getDatabase();
    await enforceUserRateLimit(database, current.user.id);
    const issued = await createApiKey(database.db, current.user.id, {
      name: 'Try it on /docs',
      mode: 'test',
      expiresAt: new Date(Date.now() + TRY_IT_SESSION_TTL_MS).toISOString(),
    });
    return { key: issued.key };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
