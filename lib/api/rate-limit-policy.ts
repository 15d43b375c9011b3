import type { RateLimitClass } from './operation';

// Requests per 60-second window. API keys use their own `rateLimitPerMinute` instead of `default`.
export const RATE_LIMIT_WINDOW_SECONDS = 60;

export const rateLimitPerMinute: Record<Exclude<RateLimitClass, 'none'>, number> = {
  // Signed-in humans (per user) and API keys without an explicit limit.
  default: 600,
  // Unauthenticated reads and writes, per client IP.
  public: 120,
  // Sign-up and sign-in, per client IP; sign-in is also limited per email (lib/services/users).
  auth: 20,
};

// Sign-in attempts per (email, client IP): what locks out one guesser without locking out the owner elsewhere.
export const LOGIN_ATTEMPTS_PER_EMAIL_AND_IP = { limit: 10, windowSeconds: 15 * 60 } as const;

// Per email address, across all IPs: a brute force spread over many addresses still stops here. Higher than the
// per-(email, IP) limit, so one address alone can never reach it.
export const LOGIN_ATTEMPTS_PER_EMAIL = { limit: 100, windowSeconds: 15 * 60 } as const;

// Verification emails a signed-in human may ask for again, per user.
export const VERIFY_RESENDS_PER_USER = { limit: 3, windowSeconds: 60 * 60 } as const;

// Password-reset emails per address, across all IPs. Past it the request still answers 202 but sends nothing,
// so the answer never tells whether the address has an account.
export const RESET_REQUESTS_PER_EMAIL = { limit: 3, windowSeconds: 60 * 60 } as const;

// Credentials that look valid but match nothing, per client IP.
export const FAILED_AUTH_PER_IP = { limit: 30, windowSeconds: 60 } as const;
