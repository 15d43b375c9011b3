import type { Executor } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { InFlightBudget } from '@/lib/http/in-flight-budget';
import { checkUploadQuota } from './check-upload-quota';
import {
  MAX_UPLOAD_BODY_BYTES,
  MULTIPART_FRAMING_BYTES,
  UPLOAD_BYTES_IN_FLIGHT,
  UPLOAD_RETRY_AFTER_SECONDS,
  UPLOADS_IN_FLIGHT_PER_USER,
} from './upload-limits';

export const uploadsInFlight = new InFlightBudget({
  perKey: UPLOADS_IN_FLIGHT_PER_USER,
  totalBytes: UPLOAD_BYTES_IN_FLIGHT,
});

const retryAfter = String(UPLOAD_RETRY_AFTER_SECONDS);

// Refuses before a byte is read, from `Content-Length` (or the most a body may be without one), which the upload
// reserves until the returned release runs.
export async function admitUpload(db: Executor, userId: string, contentLength: string | null): Promise<() => void> {
  const declared = contentLength !== null && /^\d{1,15}$/.test(contentLength) ? Number(contentLength) : null;
  if (declared !== null && declared > MAX_UPLOAD_BODY_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', {
      hint: 'Files are limited to 10 MB; send a smaller or more compressed image.',
    });
  }
  const reserved = declared ?? MAX_UPLOAD_BODY_BYTES;
  const release = uploadsInFlight.tryAcquire(userId, reserved);
  if (release === 'key') {
    throw new ApiError('RATE_LIMIT_EXCEEDED', {
      hint: `Send at most ${UPLOADS_IN_FLIGHT_PER_USER} uploads at once; wait for one to finish (\`Retry-After\`).`,
      details: { retryAfter: UPLOAD_RETRY_AFTER_SECONDS, uploadsInFlight: UPLOADS_IN_FLIGHT_PER_USER },
      headers: { 'Retry-After': retryAfter },
    });
  }
  if (release === 'total') {
    throw new ApiError('SERVICE_UNAVAILABLE', {
      message: 'Too many uploads in progress',
      hint: 'The server is busy storing other uploads; retry after `Retry-After` seconds.',
      details: { retryAfter: UPLOAD_RETRY_AFTER_SECONDS },
      headers: { 'Retry-After': retryAfter },
    });
  }
  try {
    // The file is at least the body less its framing; the stored (re-encoded) size is checked again under the lock.
    const fileAtLeast = Math.max(0, (declared ?? 0) - MULTIPART_FRAMING_BYTES);
    await checkUploadQuota(db, userId, fileAtLeast, { lock: false });
  } catch (error) {
    release();
    throw error;
  }
  return release;
}
