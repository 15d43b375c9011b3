import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';

export const TELNYX_TOLERANCE_SECONDS = 300;

// A raw Ed25519 key becomes a SubjectPublicKeyInfo DER with this fixed prefix (RFC 8410).
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type TelnyxSignatureHeaders = {
  /** `telnyx-signature-ed25519`: base64 of a 64-byte Ed25519 signature. */
  signature: string | null;
  /** `telnyx-timestamp`: unix seconds. */
  timestamp: string | null;
};

/**
 * Checks a Telnyx webhook (protocols §4.2): an Ed25519 signature of `${timestamp}|${rawBody}` under the
 * account's public key (base64 of the raw 32 bytes), with the timestamp within 300 s either way. Like the
 * Stripe check, a timestamp too far in the future is refused as well as a stale one.
 */
export function verifyTelnyxSignature(
  rawBody: string,
  { signature, timestamp }: TelnyxSignatureHeaders,
  publicKeyBase64: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  const hint =
    'Sign `<telnyx-timestamp>|<body>` with the account’s Ed25519 key; the timestamp must be within 300 seconds.';
  const invalid = (message: string) => new ApiError('INVALID_SIGNATURE', { message, hint });
  if (!signature || !timestamp) throw invalid('Missing telnyx-signature-ed25519 or telnyx-timestamp header');
  if (!/^\d{1,12}$/.test(timestamp)) throw invalid('telnyx-timestamp must be unix seconds (digits only)');
  if (Math.abs(nowSeconds - Number(timestamp)) > TELNYX_TOLERANCE_SECONDS) {
    throw invalid('telnyx-timestamp is outside the tolerance');
  }
  const signatureBytes = decodeBase64(signature.trim());
  if (signatureBytes?.length !== 64) {
    throw invalid('telnyx-signature-ed25519 must be the base64 of a 64-byte Ed25519 signature');
  }
  const key = publicKey(publicKeyBase64);
  const message = Buffer.from(`${timestamp}|${rawBody}`, 'utf8');
  if (!key || !verify(null, message, key, signatureBytes)) throw invalid('No signature matches the body');
}

function decodeBase64(value: string): Buffer | null {
  return value.length > 0 && BASE64.test(value) ? Buffer.from(value, 'base64') : null;
}

/** The key, or null (logged: it is the operator's mistake, not the caller's) when it is not 32 raw bytes. */
function publicKey(base64: string): KeyObject | null {
  const raw = decodeBase64(base64.trim());
  if (raw?.length !== 32) {
    logger.error('TELNYX_PUBLIC_KEY is not the base64 of a raw 32-byte Ed25519 key');
    return null;
  }
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
}
