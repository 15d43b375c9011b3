import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { generateApiKey } from '@/lib/auth/api-key-format';
import { ApiError } from '@/lib/errors/api-error';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RotationSettings = { graceSeconds: number; rotatedKeyLifetimeDays: number };

// The calling key's `expiresAt` is brought forward to the grace end, never pushed back. A key rotates once.
export async function rotateOwnKey(db: Db, keyId: string, settings: RotationSettings) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.replacedBy)))
      .for('update');
    if (!old) {
      throw new ApiError('CONFLICT', {
        message: 'This key has already been rotated',
        hint: 'Use the key that rotation returned; this one stops working when its grace period ends.',
      });
    }
    const now = Date.now();
    const graceUntil = new Date(Math.min(now + settings.graceSeconds * 1000, old.expiresAt?.getTime() ?? Infinity));
    // Rotation never outlives the old key: one close to its expiry must not renew itself for the full lifetime.
    const expiresAt = old.expiresAt ?? new Date(now + settings.rotatedKeyLifetimeDays * DAY_MS);

    const generated = generateApiKey(old.mode);
    const [fresh] = await tx
      .insert(apiKeys)
      .values({
        userId: old.userId,
        name: old.name,
        keyHash: generated.keyHash,
        keyPrefix: generated.keyPrefix,
        keySuffix: generated.keySuffix,
        mode: old.mode,
        scopes: old.scopes,
        rateLimitPerMinute: old.rateLimitPerMinute,
        expiresAt,
      })
      .returning();
    if (!fresh) throw new Error('api key insert returned no row');
    await tx
      .update(apiKeys)
      .set({
        replacedBy: fresh.id,
        expiresAt: sql`least(coalesce(${apiKeys.expiresAt}, 'infinity'), ${graceUntil.toISOString()}::timestamptz)`,
      })
      .where(eq(apiKeys.id, old.id));
    return {
      id: fresh.id,
      key: generated.key,
      keyPrefix: fresh.keyPrefix,
      keySuffix: fresh.keySuffix,
      expiresAt: expiresAt.toISOString(),
      previousKeyId: old.id,
      previousKeyGraceUntil: graceUntil.toISOString(),
    };
  });
}
