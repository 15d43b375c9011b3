import type { RateLimitClass } from '@/lib/schemas/operation';

export const RATE_LIMIT_WINDOW_SECONDS = 60;

export const rateLimitPerMinute: Record<Exclude<RateLimitClass, 'none'>, number> = {
  // Signed-in humans (per user) and API keys without an explicit limit.
  default: 600,
  // Unauthenticated reads and writes, per client IP.
  public: 120,
  // Sign-up and sign-in, per client IP; sign-in is also limited per email (lib/services/users).
  auth: 20,
};

// Credentials that look valid but match nothing, per client IP.
export const FAILED_AUTH_PER_IP = { limit: 30, windowSeconds: 60 } as const;
