import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { uploads, users } from '@/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { inAccount } from '@/lib/services/users/in-account';

// With `lock` the account row is locked first, so concurrent uploads cannot pass the quota together; without it
// (admit-upload.ts, before the body is read) it is an early refusal the locked check repeats.
export async function checkUploadQuota(
  tx: Executor,
  userId: string,
  sizeBytes: number,
  { lock = true }: { lock?: boolean } = {},
): Promise<void> {
  const [uploader] = await tx.select({ ownerId: users.ownerId }).from(users).where(eq(users.id, userId));
  const accountId = uploader?.ownerId ?? userId;
  if (lock) await tx.select({ id: users.id }).from(users).where(eq(users.id, accountId)).for('no key update');
  const [usage] = await tx
    .select({
      usedBytes: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)::bigint`,
      lastDay: sql<number>`(count(*) filter (where ${uploads.createdAt} > now() - interval '1 day'))::int`,
      // When the oldest upload of the last 24 hours leaves the window, freeing a slot.
      freeInSeconds: sql<number>`ceil(extract(epoch from min(${uploads.createdAt}) filter (where ${uploads.createdAt} > now() - interval '1 day') + interval '1 day' - now()))::int`,
    })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.userId))
    .where(inAccount(accountId));
  const settings = env();
  const usedBytes = Number(usage?.usedBytes ?? 0);
  if (usedBytes + sizeBytes > settings.UPLOAD_QUOTA_BYTES) {
    throw new ApiError('UPLOAD_QUOTA_EXCEEDED', {
      message: 'This upload would pass your storage quota',
      hint: `An account stores at most ${settings.UPLOAD_QUOTA_BYTES} bytes of uploads (${usedBytes} used). Reuse files you have already uploaded (their ids or URLs).`,
      details: { quotaBytes: settings.UPLOAD_QUOTA_BYTES, usedBytes, fileBytes: sizeBytes },
    });
  }
  if ((usage?.lastDay ?? 0) >= settings.UPLOADS_PER_DAY) {
    const retryAfter = Math.max(1, usage?.freeInSeconds ?? 1);
    throw new ApiError('RATE_LIMIT_EXCEEDED', {
      hint: `An account makes at most ${settings.UPLOADS_PER_DAY} uploads in 24 hours. Wait ${retryAfter} seconds (\`Retry-After\`), or reuse files you have already uploaded.`,
      details: { retryAfter, uploadsPerDay: settings.UPLOADS_PER_DAY },
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}
