import type { Database } from '@/db/client';
import type { Actor, ActorUser } from './actor';
import { isWellFormedApiKey, looksLikeApiKey } from './api-key-format';
import { countSql, type RateCount } from './rate-counter';
import { isWellFormedSessionToken, sha256Hex } from './tokens';

export type Authenticated = { actor: Exclude<Actor, { kind: 'anonymous' }>; rate: RateCount };

const MAX_TOKEN_LENGTH = 200;
const WINDOW_SECONDS = 60;

// Resolving the credential and counting the request against its rate-limit bucket is one statement,
// so an authenticated request costs a single database round trip and revocation is seen at once.
const USER_COLUMNS = 'u.id, u.email, u.name, u.type, u.owner_id, u.created_at';

const API_KEY_SQL = `with k as (
    select k.id as key_id, k.scopes, k.mode, k.rate_limit_per_minute, ${USER_COLUMNS}
    from api_keys k join users u on u.id = k.user_id
    where k.key_hash = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
  ), rl as (${countSql("'key:' || key_id", '$2', 'k')})
  select k.*, rl.count as rl_count, rl.window_start as rl_window from k, rl`;

const SESSION_SQL = `with s as (
    select s.id as session_id, ${USER_COLUMNS}
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
  ), rl as (${countSql("'user:' || id", '$2', 's')})
  select s.*, rl.count as rl_count, rl.window_start as rl_window from s, rl`;

type UserRow = {
  id: string;
  email: string | null;
  name: string | null;
  type: 'human' | 'agent';
  owner_id: string | null;
  created_at: Date | string;
};
type ApiKeyRow = UserRow & {
  key_id: string;
  scopes: string[];
  mode: 'live' | 'test';
  rate_limit_per_minute: number;
  rl_count: number;
  rl_window: string;
};
type SessionRow = UserRow & { session_id: string; rl_count: number; rl_window: string };

/**
 * Resolves `Authorization: Bearer <token>`. Returns null for anything that is not a live credential;
 * malformed tokens are refused without a database round trip.
 */
export async function authenticate(database: Database, token: string): Promise<Authenticated | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  if (looksLikeApiKey(token)) {
    if (!isWellFormedApiKey(token)) return null;
    const [row] = await database.query<ApiKeyRow>('auth_api_key', API_KEY_SQL, [sha256Hex(token), WINDOW_SECONDS]);
    if (!row) return null;
    return {
      actor: {
        kind: 'apiKey',
        user: toUser(row),
        apiKey: { id: row.key_id, scopes: row.scopes, mode: row.mode, rateLimitPerMinute: row.rate_limit_per_minute },
      },
      rate: toRate(row),
    };
  }
  if (!isWellFormedSessionToken(token)) return null;
  const [row] = await database.query<SessionRow>('auth_session', SESSION_SQL, [sha256Hex(token), WINDOW_SECONDS]);
  if (!row) return null;
  return { actor: { kind: 'session', user: toUser(row), sessionId: row.session_id }, rate: toRate(row) };
}

function toUser(row: UserRow): ActorUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    type: row.type,
    ownerId: row.owner_id,
    createdAt: new Date(row.created_at),
  };
}

function toRate(row: { rl_count: number; rl_window: string }): RateCount {
  return { count: Number(row.rl_count), windowStart: Number(row.rl_window), windowSeconds: WINDOW_SECONDS };
}
