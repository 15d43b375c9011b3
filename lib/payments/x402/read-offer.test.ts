import { describe, expect, it } from 'vitest';
import { X402Rejection } from './accept-payment';
import { readX402Offer } from './read-offer';

// The route's side of an x402 offer: the resource is this request's public address (SITE_URL, not the host the
// request came in on), and a malformed payment header is kept for the funding service to answer, not thrown.

describe('readX402Offer', () => {
  it('names the request’s path on the public site as the resource, with no payment when none is sent', () => {
    const request = new Request('http://10.0.0.7:3000/v1/tasks/abc/publish?x=1', { method: 'POST' });
    expect(readX402Offer(request)).toEqual({ resource: 'http://localhost:3000/v1/tasks/abc/publish', payment: null });
  });

  it('keeps a malformed payment header as its rejection', () => {
    const request = new Request('http://localhost:3000/v1/tasks', { method: 'POST', headers: { 'X-Payment': '%%%' } });
    const { payment } = readX402Offer(request);
    expect(payment).toBeInstanceOf(X402Rejection);
    expect(payment).toMatchObject({ reason: 'invalid_payload', message: 'The X-Payment header is not base64.' });
  });
});
