import { ECDH } from 'node:crypto';

/** True when `value` is base64url (no padding) of a 65-byte uncompressed point on P-256 (0x04 ‖ x ‖ y). */
export function isP256PublicKey(value: string): boolean {
  const bytes = base64UrlBytes(value);
  if (bytes?.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    // Refuses a point that is not on the curve, which no encryption could use.
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** True when `value` is base64url of exactly 16 bytes: the browser's auth secret. */
export function isAuthSecret(value: string): boolean {
  return base64UrlBytes(value)?.length === 16;
}

function base64UrlBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}
