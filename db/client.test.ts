import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { env, resetEnvCache } from '@/lib/env';
import { databaseConfigFromEnv } from './client';

// The variables these cases set; each case starts with all of them unset and restores them afterwards.
const KEYS = ['DATABASE_URL', 'POSTGRES_URL', 'VERCEL', 'DB_POOL_MAX', 'DATA_DIR'] as const;
type Key = (typeof KEYS)[number];

const PG_URL = 'postgres://app:secret@db.internal:5432/legwork';
const NEON_URL = 'postgres://neon:secret@ep-example.neon.tech/neondb';

let saved: Partial<Record<Key, string | undefined>> = {};

function setEnv(values: Partial<Record<Key, string>>) {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, values);
  resetEnvCache();
}

beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  setEnv({});
});

afterEach(() => {
  for (const key of KEYS) delete process.env[key];
  // next-auth types VERCEL as '1'; any saved value goes back verbatim.
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, value]) => value !== undefined)));
  resetEnvCache();
});

describe('databaseConfigFromEnv', () => {
  it('no URLs: embedded PGlite in DATA_DIR/pglite (default DATA_DIR .data)', () => {
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pglite', dataDir: '.data/pglite' });
    setEnv({ DATA_DIR: '/var/lib/legwork' });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pglite', dataDir: '/var/lib/legwork/pglite' });
  });

  it('DATABASE_URL: node-postgres with a pool of DB_POOL_MAX connections, 10 by default', () => {
    setEnv({ DATABASE_URL: PG_URL });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pg', url: PG_URL, maxConnections: 10 });
    setEnv({ DATABASE_URL: PG_URL, DB_POOL_MAX: '25' });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pg', url: PG_URL, maxConnections: 25 });
  });

  it('POSTGRES_URL only: the Neon serverless driver', () => {
    setEnv({ POSTGRES_URL: NEON_URL });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'neon', url: NEON_URL });
  });

  it('both URLs: DATABASE_URL (pg) wins off Vercel', () => {
    setEnv({ DATABASE_URL: PG_URL, POSTGRES_URL: NEON_URL });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pg', url: PG_URL, maxConnections: 10 });
  });

  it('both URLs on Vercel (VERCEL=1): POSTGRES_URL with the Neon driver', () => {
    setEnv({ DATABASE_URL: PG_URL, POSTGRES_URL: NEON_URL, VERCEL: '1' });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'neon', url: NEON_URL });
  });

  it('on Vercel with only DATABASE_URL: still pg', () => {
    setEnv({ DATABASE_URL: PG_URL, VERCEL: '1' });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pg', url: PG_URL, maxConnections: 10 });
  });

  it('an empty URL counts as unset', () => {
    setEnv({ DATABASE_URL: '', POSTGRES_URL: '' });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pglite', dataDir: '.data/pglite' });
    setEnv({ DATABASE_URL: '', POSTGRES_URL: NEON_URL });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'neon', url: NEON_URL });
    setEnv({ DATABASE_URL: PG_URL, POSTGRES_URL: '', VERCEL: '1' });
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pg', url: PG_URL, maxConnections: 10 });
  });
});

describe('env(): DB_POOL_MAX', () => {
  it.each([
    ['0', 'must be at least 1'],
    ['abc', 'must be a number'],
    ['1.5', 'must be a whole number'],
    ['501', 'must be at most 500'],
  ])('DB_POOL_MAX=%s is refused with a message naming the variable', (value, reason) => {
    setEnv({ DATABASE_URL: PG_URL, DB_POOL_MAX: value });
    expect(() => env()).toThrow(Error);
    expect(() => env()).toThrow(/DB_POOL_MAX/);
    expect(() => env()).toThrow(reason);
    // The database config reads env(), so a bad pool size stops it too instead of being ignored.
    expect(() => databaseConfigFromEnv()).toThrow(/DB_POOL_MAX/);
  });

  it('the bounds 1 and 500 are accepted', () => {
    setEnv({ DB_POOL_MAX: '1' });
    expect(env().DB_POOL_MAX).toBe(1);
    setEnv({ DB_POOL_MAX: '500' });
    expect(env().DB_POOL_MAX).toBe(500);
  });

  it('an empty DB_POOL_MAX counts as unset: the default 10', () => {
    setEnv({ DATABASE_URL: PG_URL, DB_POOL_MAX: '' });
    expect(env().DB_POOL_MAX).toBe(10);
    expect(databaseConfigFromEnv()).toEqual({ driver: 'pg', url: PG_URL, maxConnections: 10 });
  });

  it('a bad value is not cached: fixing it and resetting the cache parses again', () => {
    setEnv({ DB_POOL_MAX: 'abc' });
    expect(() => env()).toThrow(/DB_POOL_MAX/);
    // Without a reset the failed parse is retried rather than remembered.
    expect(() => env()).toThrow(/DB_POOL_MAX/);
    setEnv({ DB_POOL_MAX: '7' });
    expect(env().DB_POOL_MAX).toBe(7);
  });
});
