/** A key's `rateLimitPerMinute` when its creator names none (DESIGN §3), unless the operator's ceiling is lower. */
export const DEFAULT_KEY_RATE_LIMIT = 600;

/** The most any key may allow, and so the highest ceiling an admin can give an operator. */
export const MAX_KEY_RATE_LIMIT = 100_000;
