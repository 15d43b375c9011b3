import type { Database } from '@/db/client';
import { bearerTokenOf } from '@/lib/api/steps/resolve-actor';
import { callerOf, isAdminCaller } from '@/lib/auth/admin';
import { authenticate } from '@/lib/auth/authenticate';
import type { UploadViewer } from '@/lib/services/uploads/read-upload';
import { getBrowserUser } from './next-auth';

/**
 * Who asks for a file served outside /v1 (`/uploads/{id}`): `Authorization: Bearer` with an API key or a session
 * token, as the API takes them (an agent fetching a proof photo's `url`), else the browser's session cookie (the
 * pages' <img> tags). Null without a credential, or with one that is unknown, revoked or of a suspended account.
 */
export async function requestViewer(database: Database, request: Request): Promise<UploadViewer | null> {
  const token = bearerTokenOf(request);
  if (token) {
    const authenticated = await authenticate(database, token);
    if (!authenticated || authenticated.suspended) return null;
    const caller = callerOf(authenticated.actor);
    return { userId: caller.user.id, admin: isAdminCaller(caller) };
  }
  const browser = await getBrowserUser();
  if (!browser) return null;
  const { user, sessionId } = browser;
  return { userId: user.id, admin: isAdminCaller({ user, credential: { kind: 'session', id: sessionId } }) };
}
