import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { keyFor } from './secret-box';

/** A uniformly random 6-digit code, leading zeros kept ("004217"). */
export function generatePhoneCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * HMAC-SHA256 of the code under a key derived from AUTH_SECRET, bound to the user and the number: a stolen table
 * cannot be brute-forced offline (a million codes, but not the key), and a hash is worthless for another account.
 */
export function hashPhoneCode(userId: string, phone: string, code: string): string {
  return createHmac('sha256', keyFor('phone-code')).update(`${userId}\n${phone}\n${code}`).digest('hex');
}

/** Whether `code` is the one `hash` was made from, compared in constant time. */
export function phoneCodeMatches(hash: string, userId: string, phone: string, code: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashPhoneCode(userId, phone, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
