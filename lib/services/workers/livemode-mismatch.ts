import { ApiError } from '@/lib/errors/api-error';

export function livemodeMismatch(message: string, details: Record<string, unknown>) {
  return new ApiError('LIVEMODE_MISMATCH', { message, details });
}
