import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { authSecret } from './auth-secret';

// AES-256-GCM for data at rest that must be readable again but may hold secrets, such as stored
// idempotent responses that carry a session token or a new API key. The key is derived from AUTH_SECRET.
const keys = new Map<string, Buffer>();

/** A 32-byte key for one purpose, derived from AUTH_SECRET (HKDF-SHA256). */
export function keyFor(purpose: string): Buffer {
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', authSecret(), 'legwork', purpose, 32));
    keys.set(purpose, key);
  }
  return key;
}

export function seal(purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function unseal(purpose: string, sealed: string): string {
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
