import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { type ApiKeyMode, generateApiKey } from '@/lib/auth/api-key-format';
import { hashPassword } from '@/lib/auth/passwords';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(6).toString('hex')}@example.com`;
}

/**
 * A user row. A human's email is verified unless `emailVerifiedAt: null` says otherwise (an unverified account
 * cannot create keys, agents, claim codes or webhook endpoints); an agent's never is (its operator's counts).
 */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password, ...values } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      name: 'Test User',
      passwordHash: password ? await hashPassword(password) : null,
      emailVerifiedAt: values.type === 'agent' ? null : new Date(),
      ...values,
    })
    .returning();
  if (!user) throw new Error('insert failed');
  return user;
}

type KeyOptions = {
  userId: string;
  mode?: ApiKeyMode;
  rateLimitPerMinute?: number;
  scopes?: string[];
  expiresAt?: Date | null;
  revokedAt?: Date | null;
  parked?: boolean;
  name?: string;
};

/** Inserts an API key row directly (for states the API does not create on demand) and returns the raw key. */
export async function insertApiKey(db: Db, options: KeyOptions) {
  const generated = generateApiKey(options.mode ?? 'live');
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: options.userId,
      name: options.name ?? 'test key',
      keyHash: generated.keyHash,
      keyPrefix: generated.keyPrefix,
      keySuffix: generated.keySuffix,
      mode: generated.mode,
      scopes: options.scopes ?? [],
      rateLimitPerMinute: options.rateLimitPerMinute ?? 600,
      expiresAt: options.expiresAt ?? null,
      revokedAt: options.revokedAt ?? null,
      parked: options.parked ?? false,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return { key: generated.key, row };
}

/** The stored `rate_limit_per_minute` of a key. */
export async function storedRateLimit(db: Db, keyId: string) {
  const [row] = await db.select({ limit: apiKeys.rateLimitPerMinute }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row?.limit;
}
