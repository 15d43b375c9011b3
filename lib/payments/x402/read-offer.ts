import { env } from '@/lib/env';
import { readX402Payment, type X402PaymentHeader } from './payment-header';
import { X402Rejection } from './rejection';

/**
 * What a request brings toward an x402 payment: the public address it pays for (the `resource` of the
 * requirements, stable across instances and retries) and its payment header, read, refused, or absent.
 */
export type X402Offer = { resource: string; payment: X402PaymentHeader | X402Rejection | null };

/** Reads the request's x402 offer; a malformed payment header is kept as its X402Rejection, not thrown. */
export function readX402Offer(request: Request): X402Offer {
  const resource = new URL(new URL(request.url).pathname, env().SITE_URL).toString();
  try {
    return { resource, payment: readX402Payment(request) };
  } catch (error) {
    if (error instanceof X402Rejection) return { resource, payment: error };
    throw error;
  }
}
