import { z } from 'zod';

// Every setting is optional: the embedded default (PGlite in DATA_DIR, test-mode payments) needs none.
const optionalUrl = z.url({ message: 'must be a URL, e.g. postgres://user:pass@host:5432/db' }).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalUrl,
  POSTGRES_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  DB_POOL_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(500, { message: 'must be at most 500' })
    .default(10),
  SITE_URL: z
    .url({ message: 'must be an absolute URL such as https://legwork.example' })
    .default('http://localhost:3000'),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters (openssl rand -base64 32)' }).optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parses process.env once; a bad value stops the process with a message naming the variable. */
export function env(): Env {
  if (cached) return cached;
  // An empty value (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change process.env between suites; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}
