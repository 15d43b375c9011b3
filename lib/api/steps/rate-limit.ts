import type { Database } from '@/db/client';
import { countHit, type RateCount } from '@/lib/auth/rate-counter';
import { addressBucket } from '@/lib/config/client-address';
import { ApiError } from '@/lib/errors/api-error';
import type { Operation } from '@/lib/schemas/operation';
import { RATE_LIMIT_WINDOW_SECONDS, rateLimitPerMinute } from '../rate-limit-policy';
import type { ResolvedActor } from './resolve-actor';

export type RateLimitState = { policy: string; limit: number; remaining: number; resetSeconds: number };

// Authenticated requests were already counted by the credential lookup (same statement); public ones per IP
// (an IPv6 client's /64).
export async function enforceRateLimit(
  operation: Pick<Operation, 'auth' | 'rateLimit'>,
  resolved: ResolvedActor,
  ip: string,
  database: () => Promise<Database>,
): Promise<RateLimitState | undefined> {
  const rateClass = operation.rateLimit ?? (operation.auth === 'none' ? 'public' : 'default');
  if (rateClass === 'none') return undefined;

  const { actor } = resolved;
  const limit = actor.kind === 'apiKey' ? actor.apiKey.rateLimitPerMinute : rateLimitPerMinute[rateClass];
  const policy = actor.kind === 'apiKey' ? 'api-key' : actor.kind === 'session' ? 'user' : `ip-${rateClass}`;
  const rate: RateCount =
    resolved.rate ??
    (await countHit(await database(), `ip:${rateClass}:${addressBucket(ip)}`, RATE_LIMIT_WINDOW_SECONDS));

  return refuseOverLimit(rate, limit, policy);
}

// For the pages' own route handlers, which authenticate by cookie: the bucket their session token's API calls use.
export async function enforceUserRateLimit(database: Database, userId: string): Promise<RateLimitState> {
  const rate = await countHit(database, `user:${userId}`, RATE_LIMIT_WINDOW_SECONDS);
  return refuseOverLimit(rate, rateLimitPerMinute.default, 'user');
}

function refuseOverLimit(rate: RateCount, limit: number, policy: string): RateLimitState {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const resetSeconds = Math.min(rate.windowSeconds, Math.max(1, rate.windowStart + rate.windowSeconds - nowSeconds));
  const state = { policy, limit, remaining: Math.max(0, limit - rate.count), resetSeconds };
  if (rate.count > limit) {
    throw new ApiError('RATE_LIMIT_EXCEEDED', {
      details: { retryAfter: resetSeconds, limit, windowSeconds: rate.windowSeconds },
      headers: { 'Retry-After': String(resetSeconds), ...rateLimitHeaders(state) },
    });
  }
  return state;
}

/** IETF draft-ietf-httpapi-ratelimit-headers structured fields. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"${state.policy}";q=${state.limit};w=${RATE_LIMIT_WINDOW_SECONDS}`,
    RateLimit: `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
