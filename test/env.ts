import { afterAll, beforeAll } from 'vitest';
import { resetEnvCache } from '@/lib/env';

/**
 * Runs `fn` with the given environment variables (undefined unsets one), then restores them. `env()` is
 * re-read on both sides, so a setting such as KEY_ROTATION_GRACE_SECONDS takes effect for `fn` only.
 */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

/** The same for a whole test file: set before its tests, restored after them. */
export function envForFile(vars: Record<string, string | undefined>): void {
  let saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
    apply(vars);
  });
  afterAll(() => apply(saved));
}

/** next-auth's settings for a file that signs in through its real route handler. */
export const NEXT_AUTH_TEST_ENV = {
  NEXTAUTH_URL: 'http://localhost:3000',
  AUTH_SECRET: 'test-secret-for-next-auth-cookies-0123456789',
};

function apply(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}
