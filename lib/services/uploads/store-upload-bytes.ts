import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/db/client';
import { uploads } from '@/db/schema';
import { checkUploadQuota } from './check-upload-quota';
import { storageKeyFor } from './storage-key-for';
import { uploadPath } from './upload-path';

/** What was read from the original before it was re-encoded, and what the uploading app said. */
export type UploadEvidence = Pick<
  typeof uploads.$inferInsert,
  | 'capturedAt'
  | 'capturedAtFloating'
  | 'gpsLat'
  | 'gpsLng'
  | 'gpsAccuracyMeters'
  | 'cameraMake'
  | 'cameraModel'
  | 'captureSource'
  | 'deviceLat'
  | 'deviceLng'
  | 'deviceAccuracyMeters'
  | 'deviceCapturedAt'
  | 'pixelSha256'
  | 'perceptualHash'
>;

export type StoreUploadBytes = { userId: string; bytes: Buffer; contentType: string; evidence?: UploadEvidence };

// The quota lock is held until the row is written, so two uploads cannot both take the last of it; a failed
// transaction removes the file it wrote.
export async function storeUploadBytes(db: Db, { userId, bytes, contentType, evidence }: StoreUploadBytes) {
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
        ...evidence,
      });
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return id;
}
