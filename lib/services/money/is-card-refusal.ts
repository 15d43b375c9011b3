import { ApiError } from '@/lib/errors/api-error';

/** A card charge that certainly did not happen. */
export function isCardRefusal(error: unknown): error is ApiError & { code: 'PAYMENT_FAILED' | 'PAYMENT_REQUIRED' } {
  return error instanceof ApiError && (error.code === 'PAYMENT_FAILED' || error.code === 'PAYMENT_REQUIRED');
}
