import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/errors/api-error';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]` over the raw body: HMAC-SHA256 of `${t}.${body}`
 * with the endpoint secret, compared in constant time against every `v1` (several during a secret
 * rotation); other schemes such as `v0` are ignored. Unlike stripe-node, a timestamp too far in the
 * future is refused as well as a stale one.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  const invalid = (message: string) => new ApiError('INVALID_SIGNATURE', { message });
  if (!header) throw invalid('Missing Stripe-Signature header');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined) throw invalid('Stripe-Signature has no valid timestamp');
  if (signatures.length === 0) throw invalid('Stripe-Signature has no v1 signature');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw invalid('Stripe-Signature timestamp is outside the tolerance');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) {
    throw invalid('No signature matches the body');
  }
}
