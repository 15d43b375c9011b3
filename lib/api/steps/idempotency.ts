import type { Database } from '@/db/client';
import { seal, unseal } from '@/lib/auth/secret-box';
import { sha256Hex } from '@/lib/auth/tokens';
import { ApiError } from '@/lib/errors/api-error';
import type { Outcome } from '../outcome';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x20-\x2b\x2d-\x7e]{1,255}$/; // printable ASCII except the comma (see below)
const RETENTION = '24 hours';
// Stored responses can carry secrets (a new session token or API key), so they are encrypted at rest.
const SEAL_PURPOSE = 'idempotent-responses';
// Before a retry may take the key over (a crashed instance).
const LOCK_SECONDS = 60;

export type IdempotencyScope = { principal: string; method: string; pathname: string };

// A different body is 422, a retry while the first runs is 409; a 500 releases the key so the client can retry.
export async function withIdempotency(
  database: Database,
  request: Request,
  scope: IdempotencyScope,
  rawBody: string,
  execute: () => Promise<Outcome>,
): Promise<Outcome> {
  const key = readKey(request);
  if (key === undefined) return execute();

  const scopeHash = sha256Hex(`${scope.principal}\n${scope.method}\n${scope.pathname}\n${key}`);
  const requestHash = sha256Hex(rawBody);
  const claimed = await database.query<{ scope: string }>(
    'idem_claim',
    `insert into idempotency_keys (scope, request_hash, locked_until)
       values ($1, $2, now() + make_interval(secs => $3))
     on conflict (scope) do update set
       request_hash = excluded.request_hash, response_status = null, response_body = null,
       locked_until = excluded.locked_until, created_at = now()
     where idempotency_keys.created_at < now() - interval '${RETENTION}'
        or (idempotency_keys.response_status is null and idempotency_keys.locked_until < now())
     returning scope`,
    [scopeHash, requestHash, LOCK_SECONDS],
  );
  if (claimed.length === 0) return replayExisting(database, scopeHash, requestHash);

  let outcome: Outcome;
  try {
    outcome = await execute();
  } catch (error) {
    await release(database, scopeHash);
    throw error;
  }
  // No replay of a fault, a hang-up (499) or a 402: the client is told to pay and retry the same request, and
  // that retry must reach the handler.
  if (outcome.status >= 499 || outcome.status === 402) {
    await release(database, scopeHash);
    return outcome;
  }
  await database.query(
    'idem_store',
    'update idempotency_keys set response_status = $2, response_body = $3, locked_until = null where scope = $1',
    [scopeHash, outcome.status, seal(SEAL_PURPOSE, JSON.stringify(outcome.body))],
  );
  return outcome;
}

function readKey(request: Request): string | undefined {
  const value = request.headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return undefined;
  // Repeated headers arrive joined with ", ", so a comma means the client sent more than one key.
  if (!KEY_PATTERN.test(value)) {
    // The message stays the spec's one for every VALIDATION_ERROR; `issues` names the header.
    throw new ApiError('VALIDATION_ERROR', {
      hint: 'Send exactly one Idempotency-Key of 1 to 255 printable ASCII characters without commas (a UUID is ideal).',
      issues: [
        { path: ['headers', 'Idempotency-Key'], message: 'Must be 1-255 printable ASCII characters, no commas' },
      ],
    });
  }
  return value;
}

async function replayExisting(database: Database, scopeHash: string, requestHash: string): Promise<Outcome> {
  const [existing] = await database.query<{
    request_hash: string;
    response_status: number | null;
    response_body: string | null;
  }>('idem_read', 'select request_hash, response_status, response_body from idempotency_keys where scope = $1', [
    scopeHash,
  ]);
  // Released between our claim and this read: the first request failed, so let the client retry.
  if (!existing) throw new ApiError('IDEMPOTENCY_KEY_IN_USE');
  if (existing.request_hash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  if (existing.response_status === null) throw new ApiError('IDEMPOTENCY_KEY_IN_USE');
  return {
    status: existing.response_status,
    body: existing.response_body ? JSON.parse(unseal(SEAL_PURPOSE, existing.response_body)) : null,
    headers: { 'Idempotent-Replayed': 'true' },
  };
}

async function release(database: Database, scopeHash: string): Promise<void> {
  await database.query('idem_release', 'delete from idempotency_keys where scope = $1', [scopeHash]).catch(() => {});
}
