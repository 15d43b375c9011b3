import { randomBytes } from 'node:crypto';

// The secrets in the links we email: verify an address, reset a password. 256-bit random, base64url so they
// sit in a URL path as they are; only their SHA-256 is stored (`email_tokens.token_hash`).
export const generateEmailToken = () => randomBytes(32).toString('base64url');

/** Shape only, so a mistyped link is refused without a database lookup. */
export const isWellFormedEmailToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
