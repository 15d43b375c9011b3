import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth';
import { decode } from 'next-auth/jwt';
import Credentials from 'next-auth/providers/credentials';
import { cache } from 'react';
import { getDatabase } from '@/db/client';
import { clientIp } from '@/lib/api/request-context';
import { enforceRateLimit } from '@/lib/api/steps/rate-limit';
import { accountSuspended } from '@/lib/auth/account-suspended';
import { toActorUser } from '@/lib/auth/actor';
import { authSecret } from '@/lib/auth/auth-secret';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { emailSchema } from '@/lib/schemas/common';
import { createSessionOperation } from '@/lib/schemas/users';
import { findLiveSession } from '@/lib/services/sessions/find-live-session';
import { revokeSession } from '@/lib/services/sessions/revoke-session';
import { signIn } from '@/lib/services/users/sign-in';
import { type PublicUser, phoneStateOf, toPublicUser } from '@/lib/services/users/to-public-user';

// The browser signs in through next-auth, but the session itself is a row in our sessions table: the
// JWT cookie only carries that row's id, and every page load checks the row, so revoking a session
// (DELETE /v1/auth/sessions/current, or signing out) signs the browser out too.
declare module 'next-auth' {
  interface Session {
    sessionId?: string;
    account?: PublicUser;
  }
  interface User {
    sessionId?: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    sessionId?: string;
  }
}

export function authOptions(): NextAuthOptions {
  process.env.NEXTAUTH_URL ??= env().SITE_URL;
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: '/login' },
    providers: [
      Credentials({
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
          sessionToken: { label: 'Session token', type: 'text' },
        },
        async authorize(credentials, request) {
          const database = await getDatabase();
          // Just signed up through POST /v1/users: adopt the session that call created.
          if (credentials?.sessionToken) {
            const session = await findLiveSession(database.db, { token: credentials.sessionToken });
            return session ? { id: session.user.id, email: session.user.email, sessionId: session.sessionId } : null;
          }
          const parsedEmail = emailSchema.safeParse(credentials?.email);
          if (!parsedEmail.success || !credentials?.password) return null;
          const headers = new Headers(request?.headers as Record<string, string> | undefined);
          try {
            // The same per-IP limit as POST /v1/auth/sessions, then signIn's per-email limit.
            await enforceRateLimit(createSessionOperation, { actor: { kind: 'anonymous' } }, clientIp(headers), () =>
              Promise.resolve(database),
            );
            const session = await signIn(
              database,
              { email: parsedEmail.data, password: credentials.password },
              {
                ip: clientIp(headers),
                userAgent: headers.get('user-agent'),
                heldSession: { sessionId: await cookieSessionId(headers) },
              },
            );
            return { id: session.user.id, email: session.user.email, sessionId: session.sessionId };
          } catch (error) {
            // Wrong credentials are next-auth's `CredentialsSignin`; anything else (rate limited) keeps
            // our message, which next-auth hands to the form as `error`.
            if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
              // A suspended account is told so (the right password was given); anything else stays generic.
              if (error.message === accountSuspended().message) throw new Error(`${error.message}. ${error.hint}`);
              return null;
            }
            if (error instanceof ApiError && error.code === 'RATE_LIMIT_EXCEEDED') {
              throw new Error(`Too many requests. Try again in ${error.details?.retryAfter ?? 60} seconds.`);
            }
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.sessionId) token.sessionId = user.sessionId;
        return token;
      },
      // Also what /api/auth/session answers: a revoked or expired row yields a session without a user.
      async session({ session, token }) {
        const live = token.sessionId ? await liveSession(token.sessionId) : undefined;
        if (!live) return { expires: session.expires };
        return {
          ...session,
          sessionId: live.sessionId,
          account: toPublicUser(toActorUser(live.user), phoneStateOf(live.user, live.pendingPhone)),
        };
      },
    },
    events: {
      async signOut({ token }) {
        if (!token?.sessionId || !token.sub) return;
        const { db } = await getDatabase();
        await revokeSession(db, { userId: token.sub, sessionId: token.sessionId });
      },
    },
  };
}

/**
 * The signed-in human for a page, or null when the cookie is missing or its session was revoked. Memoised per
 * request (React `cache`): the site header and the page both ask, and the session row is read once.
 */
export const getBrowserUser = cache(async () => {
  const session = await getServerSession(authOptions());
  return session?.sessionId && session.account ? { sessionId: session.sessionId, user: session.account } : null;
});

/**
 * The session row id in the browser's own next-auth cookie, sent along with the login form: the JWT is encrypted
 * with AUTH_SECRET, so the id cannot be forged, only replayed by whoever holds that cookie (then signIn checks the
 * row is live and the same account's). Undefined without a cookie or with one that does not decrypt.
 */
async function cookieSessionId(headers: Headers): Promise<string | undefined> {
  // next-auth's own name for it (secure behind https), split into `.0`, `.1`… chunks when long.
  const name = `${process.env.NEXTAUTH_URL?.startsWith('https://') ? '__Secure-' : ''}next-auth.session-token`;
  const chunks: [number, string][] = [];
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    if (at > 0 && (key === name || key.startsWith(`${name}.`))) {
      chunks.push([Number(key.slice(name.length + 1) || 0), pair.slice(at + 1).trim()]);
    }
  }
  if (chunks.length === 0) return undefined;
  const sealed = chunks
    .sort(([a], [b]) => a - b)
    .map(([, value]) => value)
    .join('');
  const token = await decode({ token: sealed, secret: authSecret() }).catch(() => null);
  return typeof token?.sessionId === 'string' ? token.sessionId : undefined;
}

async function liveSession(sessionId: string) {
  // A session id that is not a UUID cannot name a row (and would make Postgres raise).
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
  const { db } = await getDatabase();
  return findLiveSession(db, { sessionId });
}
