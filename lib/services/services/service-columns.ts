import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type services, uploads } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { UpdateServiceBody } from '@/lib/schemas/services';

// Photos must be the caller's own uploads.
export async function serviceColumns(db: Executor, userId: string, body: UpdateServiceBody) {
  const { area, photos, ...rest } = body;
  const columns: Partial<typeof services.$inferInsert> = { ...rest };
  if (area !== undefined) {
    columns.areaLat = area?.lat ?? null;
    columns.areaLng = area?.lng ?? null;
    columns.areaRadiusMeters = area?.radiusMeters ?? null;
  }
  if (photos !== undefined) columns.photos = await ownUploads(db, userId, photos);
  return columns;
}

async function ownUploads(db: Executor, userId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, unique)));
  const owned = new Set(rows.map((row) => row.id));
  const issues = ids.flatMap((id, index) =>
    owned.has(id) ? [] : [{ path: ['photos', String(index)], message: 'No upload of yours has this id' }],
  );
  if (issues.length > 0) {
    throw new ApiError('VALIDATION_ERROR', {
      issues,
      hint: 'Upload each photo with POST /v1/uploads first and send the returned ids.',
    });
  }
  return unique;
}
