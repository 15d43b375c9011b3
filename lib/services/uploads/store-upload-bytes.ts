import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/db/client';
import { uploads } from '@/db/schema';
import { checkUploadQuota } from './check-upload-quota';
import { storageKeyFor } from './storage-key-for';
import { uploadPath } from './upload-path';

export type StoreUploadBytes = { userId: string; bytes: Buffer; contentType: string };

// The quota lock is held until the row is written, so two uploads cannot both take the last of it; a failed
// transaction removes the file it wrote.
export async function storeUploadBytes(db: Db, { userId, bytes, contentType }: StoreUploadBytes) {
  const id = randomUUID();
  const storageKey = storageKeyFor(id);
  const target = uploadPath(storageKey);
  try {
    await db.transaction(async (tx) => {
      await checkUploadQuota(tx, userId, bytes.byteLength);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      await tx.insert(uploads).values({
        id,
        userId,
        contentType,
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey,
      });
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return id;
}
