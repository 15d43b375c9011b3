import type { Database } from '@/db/client';
import { accountSuspended } from '@/lib/auth/account-suspended';
import type { Actor } from '@/lib/auth/actor';
import { callerOf } from '@/lib/auth/admin';
import { authenticate, isWellFormedCredential } from '@/lib/auth/authenticate';
import { countHit, type RateCount } from '@/lib/auth/rate-counter';
import { addressBucket } from '@/lib/config/client-address';
import { ApiError } from '@/lib/errors/api-error';
import type { Operation } from '@/lib/schemas/operation';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { FAILED_AUTH_PER_IP } from '../rate-limit-policy';
import type { RequestContext } from '../request-context';

export type ResolvedActor = { actor: Actor; rate?: RateCount };

const BEARER = /^Bearer +(\S+) *$/i;

// An MPP payment rides in the same header after the key (`Bearer lgw_…, Payment eyJ…`): neither credential can hold
// a comma, so the parts split cleanly (docs/payments.md, "Two credentials in one header").
export const bearerTokenOf = (request: Request): string | undefined => {
  const parts = (request.headers.get('authorization') ?? '').split(',');
  if (parts.length > 1 && !parts.slice(1).every((part) => /^ *Payment /i.test(part))) return undefined;
  return BEARER.exec(parts[0] ?? '')?.[1];
};

// Authorization is separate (`authorizeActor`), so the route knows the key of a refused request for its usage log.
export async function resolveActor(
  operation: Pick<Operation, 'auth'>,
  request: Request,
  context: RequestContext,
  database: () => Promise<Database>,
): Promise<ResolvedActor> {
  if (operation.auth === 'none') return { actor: { kind: 'anonymous' } };

  const token = bearerTokenOf(request);
  if (!token && /^ *Payment /i.test(request.headers.get('authorization') ?? '')) {
    throw new ApiError('UNAUTHORIZED', {
      message: 'A Payment credential pays; it does not say who you are',
      hint: 'Send your API key first in the same header: `Authorization: Bearer lgw_…, Payment <credential>`.',
    });
  }
  if (!token) throw new ApiError('UNAUTHORIZED');

  // Malformed credentials are refused before any database access.
  if (!isWellFormedCredential(token)) throw new ApiError('UNAUTHORIZED');
  const db = await database();
  const authenticated = await authenticate(db, token);
  if (!authenticated) {
    await limitFailedAttempts(db, context.ip);
    throw new ApiError('UNAUTHORIZED');
  }
  if (authenticated.suspended) throw accountSuspended();

  const { actor, rate } = authenticated;
  return { actor, rate };
}

export function authorizeActor(operation: Operation, actor: Actor): void {
  if (actor.kind === 'anonymous') return;
  if (operation.auth === 'session' && actor.kind !== 'session') {
    throw new ApiError('FORBIDDEN', {
      message: 'This operation requires a session token',
      hint: 'Sign in as a human (POST /v1/auth/sessions) and send the session token; API keys cannot call it.',
    });
  }
  if (operation.auth === 'apiKey' && actor.kind !== 'apiKey') {
    throw new ApiError('FORBIDDEN', {
      message: 'This operation requires an API key',
      hint: 'Send an API key (lgw_live_… or lgw_test_…) as the bearer token.',
    });
  }
  // The services check again (pages call them without this pipeline); refusing here keeps a non-admin out of
  // every admin operation even before its handler names what it is.
  if (operation.admin) assertAdmin(callerOf(actor), operation.admin);
  if (operation.scope && actor.kind === 'apiKey' && !actor.apiKey.scopes.includes(operation.scope)) {
    throw new ApiError('FORBIDDEN', {
      message: `This API key lacks the \`${operation.scope}\` scope`,
      hint: 'Use a key that has this scope, or create one with it from the dashboard.',
      details: { requiredScope: operation.scope },
    });
  }
}

async function limitFailedAttempts(database: Database, ip: string): Promise<void> {
  const { count, windowStart, windowSeconds } = await countHit(
    database,
    `auth-fail:${addressBucket(ip)}`,
    FAILED_AUTH_PER_IP.windowSeconds,
  );
  if (count <= FAILED_AUTH_PER_IP.limit) return;
  const retryAfter = Math.max(1, windowStart + windowSeconds - Math.floor(Date.now() / 1000));
  throw new ApiError('RATE_LIMIT_EXCEEDED', {
    details: { retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}
