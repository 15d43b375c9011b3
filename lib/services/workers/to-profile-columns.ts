import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { uploads, type workerProfiles } from '@/db/schema';
import { validationError } from '@/lib/errors/api-error';
import type { WorkerProfileInput } from '@/lib/schemas/workers';
import { uploadUrl } from '@/lib/services/uploads/upload-url';

type ProfileColumns = Partial<typeof workerProfiles.$inferInsert>;

// Photos must be the caller's own uploads.
export async function toProfileColumns(db: Executor, userId: string, input: WorkerProfileInput) {
  const columns: ProfileColumns = {};
  if (input.displayName !== undefined) columns.displayName = input.displayName;
  if (input.headline !== undefined) columns.headline = input.headline;
  if (input.bio !== undefined) columns.bio = input.bio;
  if (input.skills !== undefined) columns.skills = input.skills;
  if (input.hourlyRateCents !== undefined) columns.hourlyRateCents = input.hourlyRateCents;
  if (input.minPriceCents !== undefined) columns.minPriceCents = input.minPriceCents;
  if (input.defaultRadiusMeters !== undefined) columns.defaultRadiusMeters = input.defaultRadiusMeters;
  if (input.isAvailable !== undefined) columns.isAvailable = input.isAvailable;
  if (input.location !== undefined) {
    const location = input.location;
    columns.lat = location?.lat ?? null;
    columns.lng = location?.lng ?? null;
    columns.city = location?.city ?? null;
    columns.region = location?.region ?? null;
    columns.country = location?.country ?? null;
  }
  if (input.photos !== undefined) columns.photos = await ownPhotoUrls(db, userId, input.photos);
  return columns;
}

async function ownPhotoUrls(db: Executor, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, ids)));
  const owned = new Set(rows.map((row) => row.id));
  const issues = ids.flatMap((id, index) =>
    owned.has(id) ? [] : [{ path: ['photos', String(index)], message: 'No upload of yours has this id' }],
  );
  if (issues.length > 0) throw validationError(issues);
  return [...new Set(ids)].map(uploadUrl);
}
