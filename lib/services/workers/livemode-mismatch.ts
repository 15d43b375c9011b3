import { ApiError } from '@/lib/errors/api-error';

/** 403 LIVEMODE_MISMATCH: test money meeting a live worker (live-workers-among.ts); `details` says which way. */
export function livemodeMismatch(message: string, details: Record<string, unknown>) {
  return new ApiError('LIVEMODE_MISMATCH', { message, details });
}
