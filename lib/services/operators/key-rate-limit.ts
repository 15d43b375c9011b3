import { DEFAULT_KEY_RATE_LIMIT } from '@/lib/config/key-limits';
import { ApiError } from '@/lib/errors/api-error';

export type KeyRateLimitOptions = {
  requested: number | undefined;
  ceiling: number;
};

export function keyRateLimit({ requested, ceiling }: KeyRateLimitOptions): number {
  if (requested === undefined) return Math.min(DEFAULT_KEY_RATE_LIMIT, ceiling);
  if (requested <= ceiling) return requested;
  throw new ApiError('VALIDATION_ERROR', {
    issues: [{ path: ['rateLimitPerMinute'], message: `Must be at most ${ceiling}, this account’s ceiling` }],
    hint: `Keys of this account may allow at most ${ceiling} requests per minute. Ask for ${ceiling} or less, or ask an admin to raise the ceiling.`,
    details: { rateLimitCeiling: ceiling },
  });
}
