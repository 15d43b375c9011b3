import type { Database } from '@/db/client';
import type { Actor, ActorUser } from './actor';
import { isWellFormedApiKey, looksLikeApiKey } from './api-key-format';
import { createBatchLoader } from './batch-loader';
import { countSql, type RateCount } from './rate-counter';
import { isWellFormedSessionToken, sha256Hex } from './tokens';

/**
 * A live credential's caller. `suspended`: an admin suspended the user or its operator; the credential is valid
 * but refused (resolveActor answers 401 saying so), read in the same statement so the check costs nothing.
 */
export type Authenticated = { actor: Exclude<Actor, { kind: 'anonymous' }>; rate: RateCount; suspended: boolean };

const MAX_TOKEN_LENGTH = 200;
const WINDOW_SECONDS = 60;

/** Shape and checksum only, so a malformed credential is refused without touching the database. */
export function isWellFormedCredential(token: string): boolean {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return false;
  return looksLikeApiKey(token) ? isWellFormedApiKey(token) : isWellFormedSessionToken(token);
}

// Resolving credentials and counting each request against its rate-limit bucket is one statement for a
// whole batch of requests (see batch-loader.ts): revocation is seen at once, and an authenticated request
// costs at most one database round trip. `input` numbers the hashes; rows come back with that `ord`, and
// requests of one bucket in the same batch get consecutive counts.
const USER_COLUMNS = `u.id, u.email, u.email_verified_at is not null as email_verified, u.name, u.type, u.owner_id,
  u.created_at, case when u.phone_verified_at is not null then u.phone end as phone,
  (select pv.phone from phone_verifications pv where pv.user_id = u.id) as pending_phone,
  (u.suspended_at is not null or o.suspended_at is not null) as suspended`;
// An agent stops with its operator: a suspension covers the operator's agents (joined as `o`).
const OWNER_JOIN = 'left join users o on o.id = u.owner_id';

const batchSql = (matched: string) => `with input as (
    select hash, ord from unnest($1::text[]) with ordinality as t(hash, ord)
  ), matched as (${matched}),
  hits as (select bucket, count(*)::int as hits from matched group by bucket),
  rl as (${countSql('hits', '$2')})
  select matched.*,
    rl.count - count(*) over (partition by rl.bucket) + row_number() over (partition by rl.bucket order by matched.ord)
      as rl_count,
    rl.window_start as rl_window
  from matched join rl on rl.bucket = matched.bucket`;

/** The one rule for "this key authenticates now", as SQL over the `api_keys` row aliased `k`. */
export const ACTIVE_KEY_SQL =
  'k.revoked_at is null and not k.parked and (k.expires_at is null or k.expires_at > now())';

const API_KEY_SQL = batchSql(
  `select i.ord, 'key:' || k.id as bucket, k.id as key_id, k.scopes, k.mode, k.rate_limit_per_minute, ${USER_COLUMNS}
    from input i join api_keys k on k.key_hash = i.hash join users u on u.id = k.user_id ${OWNER_JOIN}
    where ${ACTIVE_KEY_SQL}`,
);

const SESSION_SQL = batchSql(
  `select i.ord, 'user:' || u.id as bucket, s.id as session_id, ${USER_COLUMNS}
    from input i join sessions s on s.token_hash = i.hash join users u on u.id = s.user_id ${OWNER_JOIN}
    where s.revoked_at is null and s.expires_at > now()`,
);

type UserRow = {
  ord: string | number;
  id: string;
  email: string | null;
  email_verified: boolean;
  name: string | null;
  type: 'human' | 'agent';
  owner_id: string | null;
  created_at: Date | string;
  phone: string | null;
  pending_phone: string | null;
  suspended: boolean;
  rl_count: string | number;
  rl_window: string | number;
};
type ApiKeyRow = UserRow & { key_id: string; scopes: string[]; mode: 'live' | 'test'; rate_limit_per_minute: number };
type SessionRow = UserRow & { session_id: string };

type Loaders = {
  apiKey: (hash: string) => Promise<ApiKeyRow | undefined>;
  session: (hash: string) => Promise<SessionRow | undefined>;
};
const loaders = new WeakMap<Database, Loaders>();

function loadersFor(database: Database): Loaders {
  let found = loaders.get(database);
  if (!found) {
    const byOrd = <Row extends UserRow>(name: string, text: string) =>
      createBatchLoader<string, Row | undefined>(async (hashes) => {
        const rows = await database.query<Row>(name, text, [hashes, WINDOW_SECONDS]);
        const out: (Row | undefined)[] = hashes.map(() => undefined);
        for (const row of rows) out[Number(row.ord) - 1] = row;
        return out;
      });
    found = {
      apiKey: byOrd<ApiKeyRow>('auth_api_keys', API_KEY_SQL),
      session: byOrd<SessionRow>('auth_sessions', SESSION_SQL),
    };
    loaders.set(database, found);
  }
  return found;
}

/** Resolves `Authorization: Bearer <token>`; null for anything that is not a live credential. */
export async function authenticate(database: Database, token: string): Promise<Authenticated | null> {
  if (!isWellFormedCredential(token)) return null;
  const { apiKey, session } = loadersFor(database);
  if (looksLikeApiKey(token)) {
    const row = await apiKey(sha256Hex(token));
    if (!row) return null;
    return {
      actor: {
        kind: 'apiKey',
        user: toUser(row),
        apiKey: { id: row.key_id, scopes: row.scopes, mode: row.mode, rateLimitPerMinute: row.rate_limit_per_minute },
      },
      rate: toRate(row),
      suspended: row.suspended,
    };
  }
  const row = await session(sha256Hex(token));
  if (!row) return null;
  return {
    actor: { kind: 'session', user: toUser(row), sessionId: row.session_id },
    rate: toRate(row),
    suspended: row.suspended,
  };
}

function toUser(row: UserRow): ActorUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    name: row.name,
    type: row.type,
    ownerId: row.owner_id,
    createdAt: new Date(row.created_at),
    phones: { phone: row.phone, phoneVerified: row.phone !== null, pendingPhone: row.pending_phone },
  };
}

function toRate(row: UserRow): RateCount {
  return { count: Number(row.rl_count), windowStart: Number(row.rl_window), windowSeconds: WINDOW_SECONDS };
}
