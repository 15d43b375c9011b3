'use server';

import { headers } from 'next/headers';
import { getDatabase } from '@/db/client';
import { describeActionError } from '@/lib/api/describe-error';
import { getBrowserUser } from '@/lib/api/next-auth';
import { clientIp } from '@/lib/api/request-context';
import { enforceUserRateLimit } from '@/lib/api/steps/rate-limit';
import { issueSession } from '@/lib/services/sessions/issue-session';

export type TryItSession = { token?: string; error?: string };

/**
 * A session token for the signed-in person, so "Try it" on /docs can call /v1 as them (the API takes bearer
 * tokens, and the browser's cookie holds only its session's id). The same as signing in through
 * POST /v1/auth/sessions; the page keeps the token for the tab and asks for a new one only when it has none.
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
    });
    return { token: issued.token };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
