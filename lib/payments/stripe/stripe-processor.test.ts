import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProcessor } from '../processor';
import { createStripeProcessor } from './stripe-processor';

// A local stand-in for the Stripe API on 127.0.0.1: it records every request and answers per
// "METHOD /path" with canned Stripe-shaped JSON. What the tests assert is what we SEND.
type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: URLSearchParams };
type Answer = { status?: number; body: object; headers?: Record<string, string>; delayMs?: number };
/** A fixed answer, or one chosen by how many times this route has been hit (1-based). */
type Route = Answer | ((nth: number, request: Seen) => Answer);

const TRANSFER_OK: Answer = { body: { id: 'tr_123', object: 'transfer' } };
const CANNED: Record<string, Answer> = {
  'POST /v1/customers': { body: { id: 'cus_123', object: 'customer' } },
  'POST /v1/payment_intents': { body: { id: 'pi_123', object: 'payment_intent', status: 'succeeded' } },
  'POST /v1/transfers': TRANSFER_OK,
  'POST /v1/refunds': { body: { id: 're_123', object: 'refund' } },
  'POST /v1/accounts': { body: { id: 'acct_1', object: 'account' } },
  'POST /v1/account_links': { body: { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_1/x' } },
  'GET /v1/accounts/acct_1': {
    body: {
      id: 'acct_1',
      object: 'account',
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: ['external_account', 'individual.ssn_last_4'] },
    },
  },
  'POST /v1/checkout/sessions': {
    body: { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
  },
  'GET /v1/payment_methods/pm_1': {
    body: {
      id: 'pm_1',
      object: 'payment_method',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    },
  },
  'POST /v1/payment_methods/pm_1/detach': { body: { id: 'pm_1', object: 'payment_method', customer: null } },
  'POST /v1/identity/verification_sessions': {
    body: { id: 'vs_1', object: 'identity.verification_session', url: 'https://verify.stripe.com/start/test_1' },
  },
  'GET /v1/identity/verification_sessions/vs_1': {
    body: { id: 'vs_1', object: 'identity.verification_session', status: 'verified', last_error: null },
  },
  'GET /v1/balance': { body: { object: 'balance', available: [], pending: [] } },
};
const NOT_FOUND: Answer = { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such route' } } };
const SERVER_ERROR: Answer = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };

const requests: Seen[] = [];
const routes = new Map<string, Route>();
const hits = new Map<string, number>();
let server: Server;
let port: number;
let stripe: PaymentProcessor;

/** Overrides one route's answer for the current test (routes are reset before each test). */
function answer(route: string, with_: Route) {
  routes.set(route, with_);
}

/** The one request the call made; fails if it made none or several. */
function onlyRequest(): Seen {
  expect(requests.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
  return requests[0] as Seen;
}

const form = (request: Seen) => Object.fromEntries(request.body);

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const seen: Seen = { method: req.method ?? '', path: url.pathname, headers: req.headers, body };
      requests.push(seen);
      const key = `${seen.method} ${seen.path}`;
      const nth = (hits.get(key) ?? 0) + 1;
      hits.set(key, nth);
      const route = routes.get(key) ?? NOT_FOUND;
      const reply = typeof route === 'function' ? route(nth, seen) : route;
      const send = () => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      };
      if (!reply.delayMs) return send();
      // A stalled answer: dropped if the client gives up (times out) first.
      const timer = setTimeout(send, reply.delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  stripe = createStripeProcessor({
    secretKey: 'sk_test_123',
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    timeoutMs: 500,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  requests.length = 0;
  hits.clear();
  routes.clear();
  for (const [key, canned] of Object.entries(CANNED)) routes.set(key, canned);
});

// Every request of every test authenticates with our secret key.
afterEach(() => {
  for (const request of requests) expect(request.headers.authorization).toBe('Bearer sk_test_123');
});

describe('chargeCard', () => {
  const charge = {
    customerId: 'cus_123',
    paymentMethodId: 'pm_1',
    amountCents: 2500,
    idempotencyKey: 'task:abc:charge:1',
    transferGroup: 'task:abc',
    description: 'Legwork task abc',
  };

  it('creates a confirmed off-session PaymentIntent for the task, keyed by our idempotency key', async () => {
    await expect(stripe.chargeCard(charge)).resolves.toEqual({ status: 'succeeded', processorId: 'pi_123' });
    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.headers['idempotency-key']).toBe('task:abc:charge:1');
    expect(form(request)).toEqual({
      amount: '2500',
      currency: 'usd',
      customer: 'cus_123',
      payment_method: 'pm_1',
      off_session: 'true',
      confirm: 'true',
      transfer_group: 'task:abc',
      description: 'Legwork task abc',
    });
  });

  it('returns a card decline (402 card_error) as a failed outcome instead of throwing', async () => {
    answer('POST /v1/payment_intents', {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: { id: 'pi_456', object: 'payment_intent' },
        },
      },
    });
    await expect(stripe.chargeCard(charge)).resolves.toEqual({
      status: 'failed',
      processorId: 'pi_456',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    // A decline is final: no retry.
    expect(onlyRequest().headers['idempotency-key']).toBe('task:abc:charge:1');
  });
});

describe('transfer', () => {
  const payout = {
    accountId: 'acct_1',
    amountCents: 2000,
    idempotencyKey: 'task:abc:transfer',
    transferGroup: 'task:abc',
  };

  it('sends destination, amount, currency and transfer_group with our idempotency key', async () => {
    await expect(stripe.transfer(payout)).resolves.toEqual({ transferId: 'tr_123' });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/transfers');
    expect(request.headers['idempotency-key']).toBe('task:abc:transfer');
    expect(form(request)).toEqual({
      amount: '2000',
      currency: 'usd',
      destination: 'acct_1',
      transfer_group: 'task:abc',
    });
  });

  // Stripe dedupes writes on the Idempotency-Key: a retry carrying the same key replays the first
  // outcome instead of creating a second transfer, so a retried transfer can never pay twice. These
  // faults check that every retry of a transfer carries the one key we chose.
  it('retries a 500 (stripe-should-retry: true) with the same Idempotency-Key and returns one transfer', async () => {
    answer('POST /v1/transfers', (nth) =>
      nth === 1 ? { ...SERVER_ERROR, headers: { 'stripe-should-retry': 'true' } } : TRANSFER_OK,
    );
    await expect(stripe.transfer(payout)).resolves.toEqual({ transferId: 'tr_123' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/transfers', 'POST /v1/transfers']);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['task:abc:transfer', 'task:abc:transfer']);
    expect(form(requests[1] as Seen)).toEqual(form(requests[0] as Seen));
  });

  it('retries after a timeout (first answer stalls past 500 ms) with the same Idempotency-Key', async () => {
    answer('POST /v1/transfers', (nth) => (nth === 1 ? { ...TRANSFER_OK, delayMs: 1500 } : TRANSFER_OK));
    await expect(stripe.transfer(payout)).resolves.toEqual({ transferId: 'tr_123' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/transfers', 'POST /v1/transfers']);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['task:abc:transfer', 'task:abc:transfer']);
  });
});

describe('refund, customers, payout accounts', () => {
  it('refund sends payment_intent and amount with the given key', async () => {
    const refund = { chargeProcessorId: 'pi_123', amountCents: 1200, idempotencyKey: 'task:abc:refund:1' };
    await expect(stripe.refund(refund)).resolves.toEqual({ refundId: 're_123' });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/refunds');
    expect(request.headers['idempotency-key']).toBe('task:abc:refund:1');
    expect(form(request)).toEqual({ payment_intent: 'pi_123', amount: '1200' });
  });

  it('createCustomer sends email and metadata[userId] keyed by user:<id>:customer', async () => {
    await expect(stripe.createCustomer({ userId: 'u1', email: 'ada@example.com' })).resolves.toEqual({
      customerId: 'cus_123',
    });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/customers');
    expect(request.headers['idempotency-key']).toBe('user:u1:customer');
    expect(form(request)).toEqual({ email: 'ada@example.com', 'metadata[userId]': 'u1' });
  });

  it('createCustomer without an email sends no email field', async () => {
    await stripe.createCustomer({ userId: 'u2', email: null });
    expect(form(onlyRequest())).toEqual({ 'metadata[userId]': 'u2' });
  });

  it('createPayoutAccount creates an Express account keyed by user:<id>:payout-account', async () => {
    await expect(stripe.createPayoutAccount({ userId: 'u1', email: 'ada@example.com' })).resolves.toEqual({
      accountId: 'acct_1',
    });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/accounts');
    expect(request.headers['idempotency-key']).toBe('user:u1:payout-account');
    expect(form(request)).toEqual({ type: 'express', email: 'ada@example.com', 'metadata[userId]': 'u1' });
  });

  it('createOnboardingLink sends account, type=account_onboarding, return_url and refresh_url', async () => {
    const urls = { returnUrl: 'http://localhost:3000/payouts/done', refreshUrl: 'http://localhost:3000/payouts/again' };
    await expect(stripe.createOnboardingLink({ accountId: 'acct_1', ...urls })).resolves.toEqual({
      url: 'https://connect.stripe.com/setup/e/acct_1/x',
    });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/account_links');
    expect(form(request)).toEqual({
      account: 'acct_1',
      type: 'account_onboarding',
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
  });

  it('getPayoutAccount maps the account flags and requirements.currently_due', async () => {
    await expect(stripe.getPayoutAccount('acct_1')).resolves.toEqual({
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      requirements: ['external_account', 'individual.ssn_last_4'],
    });
    expect(`${onlyRequest().method} ${onlyRequest().path}`).toBe('GET /v1/accounts/acct_1');
  });

  it('getPayoutAccount reads missing requirements as none', async () => {
    answer('GET /v1/accounts/acct_1', {
      body: {
        id: 'acct_1',
        object: 'account',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      },
    });
    await expect(stripe.getPayoutAccount('acct_1')).resolves.toMatchObject({ requirements: [] });
  });
});

describe('cards', () => {
  it('createSetupSession opens Checkout in setup mode for the customer and returns its URL', async () => {
    const returnUrl = 'http://localhost:3000/wallet';
    await expect(stripe.createSetupSession({ customerId: 'cus_123', returnUrl })).resolves.toEqual({
      setupUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/checkout/sessions');
    expect(form(request)).toEqual({
      mode: 'setup',
      customer: 'cus_123',
      currency: 'usd',
      success_url: returnUrl,
      cancel_url: returnUrl,
    });
  });

  it('getPaymentMethod maps the card fields', async () => {
    await expect(stripe.getPaymentMethod('pm_1')).resolves.toEqual({
      id: 'pm_1',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    expect(onlyRequest().method).toBe('GET');
  });

  it('detachPaymentMethod posts to the detach endpoint', async () => {
    await stripe.detachPaymentMethod('pm_1');
    expect(`${onlyRequest().method} ${onlyRequest().path}`).toBe('POST /v1/payment_methods/pm_1/detach');
  });
});

describe('identity', () => {
  it('createIdentitySession sends type=document, metadata[userId] and return_url', async () => {
    const returnUrl = 'http://localhost:3000/verify/done';
    await expect(stripe.createIdentitySession({ userId: 'u1', returnUrl })).resolves.toEqual({
      sessionId: 'vs_1',
      url: 'https://verify.stripe.com/start/test_1',
    });
    const request = onlyRequest();
    expect(`${request.method} ${request.path}`).toBe('POST /v1/identity/verification_sessions');
    expect(form(request)).toEqual({ type: 'document', 'metadata[userId]': 'u1', return_url: returnUrl });
  });

  it.each([
    ['verified', null, 'verified'],
    ['requires_input', { code: 'document_expired', reason: 'The document is expired.' }, 'failed'],
    ['requires_input', null, 'pending'],
    ['processing', null, 'pending'],
    ['canceled', null, 'failed'],
  ] as const)('getIdentitySession maps %s (last_error %j) to %s', async (status, lastError, expected) => {
    answer('GET /v1/identity/verification_sessions/vs_1', {
      body: { id: 'vs_1', object: 'identity.verification_session', status, last_error: lastError },
    });
    await expect(stripe.getIdentitySession('vs_1')).resolves.toEqual({ status: expected });
    expect(`${onlyRequest().method} ${onlyRequest().path}`).toBe('GET /v1/identity/verification_sessions/vs_1');
  });
});

describe('probe and livemode', () => {
  it('probe reads the balance', async () => {
    await expect(stripe.probe()).resolves.toBeUndefined();
    expect(`${onlyRequest().method} ${onlyRequest().path}`).toBe('GET /v1/balance');
  });

  it('probe throws when the balance keeps answering 500 (after the SDK retries)', async () => {
    answer('GET /v1/balance', SERVER_ERROR);
    await expect(stripe.probe()).rejects.toThrow('Something went wrong.');
    // maxNetworkRetries is 2: the first try and two retries.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill('GET /v1/balance'));
  });

  it('is livemode only for live keys', () => {
    expect(stripe.livemode).toBe(false);
    const live = createStripeProcessor({
      secretKey: 'sk_live_123',
      endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    });
    expect(live.livemode).toBe(true);
    expect(live.name).toBe('stripe');
  });
});
