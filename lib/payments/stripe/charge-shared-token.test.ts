import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProcessor } from '../processor';
import { createStripeProcessor } from './stripe-processor';

// The Stripe adapter's Shared Payment Token charge against a local stand-in for Stripe on 127.0.0.1: it records
// what the SDK's raw request helper SENDS (path, form body, idempotency key) and answers Stripe-shaped JSON.
type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: URLSearchParams };
type Answer = { status?: number; body: object };

const HOUR = 3600;
const grantedToken = (overrides: Record<string, unknown> = {}) => ({
  id: 'spt_123',
  object: 'shared_payment.granted_token',
  deactivated_at: null,
  deactivated_reason: null,
  usage_limits: { currency: 'usd', expires_at: Math.floor(Date.now() / 1000) + HOUR, max_amount: 2_300 },
  ...overrides,
});

const requests: Seen[] = [];
const answers = new Map<string, Answer>();
let server: Server;
let stripe: PaymentProcessor;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const seen = {
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: new URLSearchParams(Buffer.concat(chunks).toString()),
      };
      requests.push(seen);
      const answer = answers.get(`${seen.method} ${path}`) ?? {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such route' } },
      };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stripe = createStripeProcessor({ secretKey: 'sk_test_123', endpoint: { host: '127.0.0.1', port, protocol: 'http' } });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  answers.clear();
  answers.set('GET /v1/shared_payment/granted_tokens/spt_123', { body: grantedToken() });
  answers.set('POST /v1/payment_intents', { body: { id: 'pi_spt', object: 'payment_intent', status: 'succeeded' } });
});

const charge = (amountCents = 2_300) =>
  stripe.chargeSharedPaymentToken({
    token: 'spt_123',
    networkId: 'profile_test_legwork',
    amountCents,
    idempotencyKey: 'task:t1:mpp:p1',
    transferGroup: 'task:t1',
    description: 'Task: Photograph the storefront',
  });

describe('Stripe adapter: chargeSharedPaymentToken', () => {
  it('reads the granted token, then confirms a PaymentIntent with it, idempotently, held for the task', async () => {
    expect(await charge()).toEqual({ status: 'succeeded', processorId: 'pi_spt' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/shared_payment/granted_tokens/spt_123',
      'POST /v1/payment_intents',
    ]);
    const intent = requests[1];
    expect(intent?.headers['idempotency-key']).toBe('task:t1:mpp:p1');
    expect(intent?.headers.authorization).toBe('Bearer sk_test_123');
    expect(Object.fromEntries(intent?.body ?? [])).toMatchObject({
      amount: '2300',
      currency: 'usd',
      confirm: 'true',
      'payment_method_data[shared_payment_granted_token]': 'spt_123',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      transfer_group: 'task:t1',
    });
  });

  it.each([
    ['used up', grantedToken({ deactivated_at: 1, deactivated_reason: 'consumed' }), 'used'],
    ['expired', grantedToken({ usage_limits: { currency: 'usd', expires_at: 1, max_amount: 2_300 } }), 'expired'],
    [
      'below the price',
      grantedToken({ usage_limits: { currency: 'usd', expires_at: null, max_amount: 2_299 } }),
      'insufficient',
    ],
  ])('a token %s is refused without creating a PaymentIntent', async (_, token, refusal) => {
    answers.set('GET /v1/shared_payment/granted_tokens/spt_123', { body: token });
    expect(await charge()).toMatchObject({ status: 'refused', refusal });
    expect(requests.map((r) => r.path)).toEqual(['/v1/shared_payment/granted_tokens/spt_123']);
  });

  it('a token granted to another seller (404 to us) is refused as other_seller', async () => {
    answers.delete('GET /v1/shared_payment/granted_tokens/spt_123');
    expect(await charge()).toMatchObject({ status: 'refused', refusal: 'other_seller' });
    expect(requests).toHaveLength(1);
  });

  it('a declined confirmation is a refusal; a PaymentIntent left requiring action is too', async () => {
    answers.set('POST /v1/payment_intents', {
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    });
    expect(await charge()).toEqual({ status: 'refused', refusal: 'declined', message: 'Your card was declined.' });
    answers.set('POST /v1/payment_intents', {
      body: { id: 'pi_2', object: 'payment_intent', status: 'requires_action' },
    });
    expect(await charge()).toMatchObject({ status: 'refused', refusal: 'declined' });
  });
});
