import { randomInt } from 'node:crypto';

// Dashboard claim codes: 8 characters a human can read aloud and type without confusing I/1/L or O/0,
// shown as ABCD-EFGH. 31^8 ≈ 8.5 × 10^11 codes, against 20 registration attempts per minute per IP.
export const CLAIM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLAIM_CODE_TTL_MS = 15 * 60 * 1000;

/** A new code, stored without its dash. */
export function generateClaimCode(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return out;
}

export function formatClaimCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a human or agent typed (any case, with or without the dash or spaces) in stored form. */
export function normalizeClaimCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
