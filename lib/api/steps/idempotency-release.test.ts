import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import type { Outcome } from '@/lib/api/outcome';
import { type IdempotencyScope, withIdempotency } from '@/lib/api/steps/idempotency';
import { sha256Hex } from '@/lib/auth/tokens';

// withIdempotency on its own, with a Request built here: which outcomes release the key (no stored
// answer, the retry runs again) and which are kept for replay.

const BODY = '{"title":"Pick up a parcel"}';

function newScope(): IdempotencyScope {
  // A principal no other test uses: the table is shared by parallel test files.
  return { principal: `test:${process.pid}:${randomUUID()}`, method: 'POST', pathname: '/v1/tasks' };
}

function requestWithKey(key: string): Request {
  return new Request('http://localhost:3000/v1/tasks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
    body: BODY,
  });
}

async function storedRow(scope: IdempotencyScope, key: string) {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, sha256Hex(`${scope.principal}\n${scope.method}\n${scope.pathname}\n${key}`)));
  return rows;
}

/** An execute that answers `outcomes` in turn and counts its runs. */
function scripted(...outcomes: Outcome[]) {
  let runs = 0;
  const execute = async (): Promise<Outcome> => {
    const outcome = outcomes[Math.min(runs, outcomes.length - 1)];
    runs += 1;
    if (!outcome) throw new Error('no outcome scripted');
    return outcome;
  };
  return { execute, runs: () => runs };
}

describe('withIdempotency: outcomes that release the key', () => {
  it.each([
    [499, { error: { code: 'CLIENT_CLOSED_REQUEST' } }],
    [500, { error: { code: 'INTERNAL_ERROR' } }],
    [503, { error: { code: 'SERVICE_UNAVAILABLE' } }],
  ])('a %i is returned as is, leaves no row, and the retry with the same key executes again', async (status, body) => {
    const database = await getDatabase();
    const scope = newScope();
    const key = `release-${randomUUID()}`;
    const { execute, runs } = scripted({ status, body }, { status: 201, body: { data: { id: 'task_1' } } });

    const first = await withIdempotency(database, requestWithKey(key), scope, BODY, execute);
    expect(first).toEqual({ status, body });
    expect(runs()).toBe(1);
    expect(await storedRow(scope, key)).toEqual([]);

    const retry = await withIdempotency(database, requestWithKey(key), scope, BODY, execute);
    expect(runs()).toBe(2);
    expect(retry).toEqual({ status: 201, body: { data: { id: 'task_1' } } });
    expect(retry.headers?.['Idempotent-Replayed']).toBeUndefined();
    expect(await storedRow(scope, key)).toEqual([expect.objectContaining({ responseStatus: 201, lockedUntil: null })]);

    // Now the success is stored: a third call replays it without executing.
    const replay = await withIdempotency(database, requestWithKey(key), scope, BODY, execute);
    expect(runs()).toBe(2);
    expect(replay).toEqual({
      status: 201,
      body: { data: { id: 'task_1' } },
      headers: { 'Idempotent-Replayed': 'true' },
    });
  });

  it('an execute that throws releases the key too, and the error reaches the caller', async () => {
    const database = await getDatabase();
    const scope = newScope();
    const key = `throw-${randomUUID()}`;
    const failure = new Error('simulated crash');
    await expect(
      withIdempotency(database, requestWithKey(key), scope, BODY, () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    expect(await storedRow(scope, key)).toEqual([]);

    const { execute, runs } = scripted({ status: 201, body: { ok: true } });
    expect(await withIdempotency(database, requestWithKey(key), scope, BODY, execute)).toEqual({
      status: 201,
      body: { ok: true },
    });
    expect(runs()).toBe(1);
  });
});

describe('withIdempotency: outcomes below 499 are kept', () => {
  it.each([
    [200, { data: { ok: true } }],
    [409, { error: { code: 'EMAIL_TAKEN' } }],
    [429, { error: { code: 'RATE_LIMIT_EXCEEDED' } }],
  ])('a %i is stored and replayed; execute runs once', async (status, body) => {
    const database = await getDatabase();
    const scope = newScope();
    const key = `keep-${randomUUID()}`;
    const { execute, runs } = scripted({ status, body }, { status: 201, body: { data: { id: 'never' } } });

    expect(await withIdempotency(database, requestWithKey(key), scope, BODY, execute)).toEqual({ status, body });
    expect(await storedRow(scope, key)).toEqual([expect.objectContaining({ responseStatus: status })]);

    const replay = await withIdempotency(database, requestWithKey(key), scope, BODY, execute);
    expect(runs()).toBe(1);
    expect(replay).toEqual({ status, body, headers: { 'Idempotent-Replayed': 'true' } });
  });
});

describe('withIdempotency: without the header', () => {
  it('executes every time (nothing to key on)', async () => {
    const database = await getDatabase();
    const scope = newScope();
    const { execute, runs } = scripted({ status: 201, body: { ok: true } });
    const request = () => new Request('http://localhost:3000/v1/tasks', { method: 'POST', body: BODY });
    await withIdempotency(database, request(), scope, BODY, execute);
    await withIdempotency(database, request(), scope, BODY, execute);
    expect(runs()).toBe(2);
  });
});
