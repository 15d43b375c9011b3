import type { Db } from '@/db/client';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { uploadFieldsSchema } from '@/lib/schemas/uploads';
import { detectImageType } from './detect-image-type';
import { type ExifEvidence, readExifEvidence } from './read-exif-evidence';
import { reencodeImage } from './reencode-image';
import { storeUploadBytes } from './store-upload-bytes';
import { MAX_UPLOAD_BYTES } from './upload-limits';
import { uploadUrl } from './upload-url';

const invalid = (message: string) => validationError([{ path: ['file'], message }]);
const FIELDS = ['source', 'lat', 'lng', 'accuracy', 'capturedAt'] as const;

// Only the re-encoded image is stored (no EXIF, GPS, XMP or ICC survives): the evidence is read from the sent bytes
// first and kept as columns. Decoding and reading run before the transaction opens (storeUploadBytes).
export async function createUpload(db: Db, userId: string, form: FormData | undefined) {
  const files = form?.getAll('file') ?? [];
  const file = files[0];
  if (files.length !== 1 || !(file instanceof Blob)) throw invalid('Send exactly one file, in the `file` field');
  const fields = parseFields(form);
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
  const { bytes, contentType, metadata, pixelSha256, perceptualHash } = image;
  const exif = await readExifEvidence(metadata.exif);
  const captureSource = fields.source ?? null;

  const id = await storeUploadBytes(db, {
    userId,
    bytes,
    contentType,
    evidence: {
      ...exif,
      captureSource,
      deviceLat: fields.lat ?? null,
      deviceLng: fields.lng ?? null,
      deviceAccuracyMeters: fields.accuracy ?? null,
      deviceCapturedAt: fields.capturedAt ? new Date(fields.capturedAt) : null,
      pixelSha256,
      perceptualHash,
    },
  });
  return { id, url: uploadUrl(id), contentType, sizeBytes: bytes.byteLength, ...describeEvidence(exif), captureSource };
}

function parseFields(form: FormData | undefined) {
  const sent = Object.fromEntries(FIELDS.flatMap((field) => (form?.has(field) ? [[field, form.get(field)]] : [])));
  const result = uploadFieldsSchema.safeParse(sent);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
}

function describeEvidence(exif: ExifEvidence) {
  const { capturedAt, gpsLat, gpsLng, gpsAccuracyMeters, cameraMake, cameraModel } = exif;
  const location =
    gpsLat !== null && gpsLng !== null ? { lat: gpsLat, lng: gpsLng, accuracyMeters: gpsAccuracyMeters } : null;
  return {
    capturedAt: capturedAt?.toISOString() ?? null,
    location,
    hasCameraMetadata: capturedAt !== null || location !== null || cameraMake !== null || cameraModel !== null,
  };
}
