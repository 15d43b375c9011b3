// Per-account limits the sign-in, verification and password-reset services count in the database; the per-request
// classes the pipeline applies are in lib/api/rate-limit-policy.ts.

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

// Phone verification codes texted per user, and per number across all users (so nobody can text-bomb a stranger
// from many accounts). Each code itself takes PHONE_CODE_MAX_ATTEMPTS tries within PHONE_CODE_TTL_SECONDS.
export const PHONE_CODES_PER_USER = { limit: 5, windowSeconds: 60 * 60 } as const;
export const PHONE_CODES_PER_NUMBER = { limit: 5, windowSeconds: 60 * 60 } as const;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_TTL_SECONDS = 10 * 60;

// Feedback messages per user (an agent's keys all count as the agent): enough to report every problem of a bad
// day, not enough to flood the admins' inbox.
export const FEEDBACK_PER_USER = { limit: 10, windowSeconds: 60 * 60 } as const;
