import { expect } from 'vitest';
import { type Database, getDatabase, setDatabase } from '@/db/client';
import { type ErrorCode, errorTable, type ValidationIssue } from '@/lib/errors/api-error';
import type { CallResult } from './http';

type EnvelopeExtras = {
  message?: string;
  hint?: string;
  details?: Record<string, unknown>;
  issues?: ValidationIssue[];
};

/** The exact error body the API sends for `code`: message and hint from the error table unless overridden. */
export function envelope(code: ErrorCode, extras: EnvelopeExtras = {}) {
  const { message, hint, ...rest } = extras;
  return {
    error: {
      code,
      message: message ?? errorTable[code].message,
      hint: hint ?? errorTable[code].hint,
      ...rest,
    },
  };
}

/** The body of a 400 for an invalid request body. */
export function validationEnvelope(issues: ValidationIssue[]) {
  return envelope('VALIDATION_ERROR', { issues });
}

export const UNAUTHORIZED_BODY = envelope('UNAUTHORIZED');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rate limits count in fixed windows aligned to the database clock. A test that fires a short burst
 * and expects the N-th request to be refused calls this first: if fewer than `marginSeconds` remain
 * in the current window, it waits for the next one, so the whole burst lands in one window.
 */
export async function ensureWindowRoom(windowSeconds: number, marginSeconds: number): Promise<void> {
  const database = await getDatabase();
  const [row] = await database.query<{ now: number | string }>(
    'test_epoch_now',
    'select extract(epoch from now())::float8 as now',
    [],
  );
  const now = Number(row?.now);
  const left = windowSeconds - (now % windowSeconds);
  if (left < marginSeconds) await sleep(Math.ceil((left + 0.1) * 1000));
}

/** A Database that records the name of every hot-path statement it runs into `names`. */
export function recordingDatabase(real: Database, names: string[]): Database {
  return {
    ...real,
    query: (name, text, params) => {
      names.push(name);
      return real.query(name, text, params);
    },
  };
}

/**
 * Runs `fn` with the real database wrapped so every raw query is recorded by name (the data still goes
 * to the real database). Proves which round trips a request made, e.g. none for a malformed credential.
 */
export async function withQueryLog<T>(fn: (names: string[]) => Promise<T>): Promise<T> {
  const real = await getDatabase();
  const names: string[] = [];
  setDatabase(recordingDatabase(real, names));
  try {
    return await fn(names);
  } finally {
    setDatabase(real);
  }
}

/** An error answer: its status and, inside the spec envelope, its code (with a message and a hint). */
export function expectError(res: CallResult, status: number, code: ErrorCode) {
  expect(res.status, res.text).toBe(status);
  expect(res.json).toMatchObject({ error: { code, message: expect.any(String), hint: expect.any(String) } });
}

/** A 429 whose `Retry-After` is in (`above`, `atMost`] seconds and equals `details.retryAfter`; returns it. */
export function expectRetryAfter(res: CallResult, above: number, atMost: number): number {
  expect(res.status, res.text).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(above);
  expect(retryAfter).toBeLessThanOrEqual(atMost);
  expect(res.json.error.details.retryAfter).toBe(retryAfter);
  return retryAfter;
}
