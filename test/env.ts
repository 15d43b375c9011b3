import { resetEnvCache } from '@/lib/env';

/**
 * Runs `fn` with the given environment variables (undefined unsets one), then restores them. `env()` is
 * re-read on both sides, so a setting such as KEY_ROTATION_GRACE_SECONDS takes effect for `fn` only.
 */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}
