import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '@/db/client';
import { uploads } from '@/db/schema';
import { uploadPath } from './upload-path';
import { uploadUrl } from './upload-url';

export type StoredImage = { id: string; url: string; contentType: string; width: number | null; height: number | null };

/**
 * The uploads `ids` as stored, in the order given, with the pixel size of the stored file (read from its header
 * only; null when the file is missing or unreadable). The caller has already decided the viewer may see them.
 */
export async function describeStoredImages(db: Executor, ids: readonly string[]): Promise<StoredImage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id, contentType: uploads.contentType, storageKey: uploads.storageKey })
    .from(uploads)
    .where(inArray(uploads.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Promise.all(
    ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [describeOne(row)] : [];
    }),
  );
}

async function describeOne(row: { id: string; contentType: string; storageKey: string }): Promise<StoredImage> {
  // Stored files were re-encoded upright (reencodeImage rotates them), so the header's size is the one shown.
  // From the path, sharp reads only the header, not the whole file.
  const size = await sharp(uploadPath(row.storageKey))
    .metadata()
    .then(({ width, height }) => ({ width: width ?? null, height: height ?? null }))
    .catch(() => ({ width: null, height: null }));
  return { id: row.id, url: uploadUrl(row.id), contentType: row.contentType, ...size };
}
