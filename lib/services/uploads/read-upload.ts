import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { uploads } from '@/db/schema';
import { uploadPath } from './upload-path';

const uuid = z.uuid();

/** An upload's bytes and content type, or null for an unknown (or malformed) id or a missing file. */
export async function readUpload(db: DbOrTx, id: string) {
  if (!uuid.safeParse(id).success) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (!row) return null;
  const bytes = await readFile(uploadPath(row.storageKey)).catch(() => null);
  return bytes ? { contentType: row.contentType, bytes } : null;
}
