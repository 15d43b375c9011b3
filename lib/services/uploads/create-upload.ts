import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/db/client';
import { uploads } from '@/db/schema';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { checkUploadQuota } from './check-upload-quota';
import { detectImageType } from './detect-image-type';
import { reencodeImage } from './reencode-image';
import { storageKeyFor } from './storage-key-for';
import { MAX_UPLOAD_BYTES } from './upload-limits';
import { uploadPath } from './upload-path';
import { uploadUrl } from './upload-url';

const invalid = (message: string) => validationError([{ path: ['file'], message }]);

// Only the re-encoded image is stored (no EXIF, GPS, XMP or ICC survives). The quota lock is held until the row
// is written; decoding runs before the transaction opens.
export async function createUpload(db: Db, userId: string, form: FormData | undefined) {
  const files = form?.getAll('file') ?? [];
  const file = files[0];
  if (files.length !== 1 || !(file instanceof Blob)) throw invalid('Send exactly one file, in the `file` field');
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', {
      hint: 'Files are limited to 10 MB; send a smaller or more compressed image.',
    });
  }
  const name = file instanceof File && file.name ? `“${file.name}”` : 'The file';
  if (file.size === 0) throw invalid(`${name} is empty`);
  const sent = Buffer.from(await file.arrayBuffer());
  const type = detectImageType(sent);
  if (!type) throw invalid(`${name} is not a JPEG, PNG or WebP image (recognised by its content)`);
  const image = await reencodeImage(sent, type);
  if (!image) throw invalid(`${name} is not a decodable ${type.slice('image/'.length).toUpperCase()} image`);
  const { bytes, contentType } = image;

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
  return { id, url: uploadUrl(id), contentType, sizeBytes: bytes.byteLength };
}
