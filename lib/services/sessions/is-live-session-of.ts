import type { Executor } from '@/db/client';
import { findLiveSession } from './find-live-session';

// Never taken from a request field the client writes in clear: the Bearer token, or the row id from the next-auth
// cookie only our AUTH_SECRET can have sealed.
export type HeldSession = { token: string | undefined } | { sessionId: string | undefined };

// The evidence that lets a device past the per-email sign-in ceiling (limitSignInAttempts).
export async function isLiveSessionOf(db: Executor, held: HeldSession | undefined, email: string): Promise<boolean> {
  const by = lookupOf(held);
  if (!by) return false;
  const session = await findLiveSession(db, by);
  return !!session?.user.email && session.user.email.toLowerCase() === email.toLowerCase();
}

function lookupOf(held: HeldSession | undefined): { token: string } | { sessionId: string } | undefined {
  if (!held) return undefined;
  if ('token' in held) return held.token ? { token: held.token } : undefined;
  // A session id that is not a UUID cannot name a row (and would make Postgres raise).
  return held.sessionId && /^[0-9a-f-]{36}$/i.test(held.sessionId) ? { sessionId: held.sessionId } : undefined;
}
