import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createLegworkClient, LegworkApiError, x402SignerFromAccount } from '../../lib/client';
import { expect, test } from '../fixtures';
import { verifyEmailViaApi } from '../mailbox';

// The typed client (lib/client) against the production server: typed calls, a real 429 from the rate
// limiter retried after Retry-After, and a real 402 from POST /v1/tasks paid with a test-mode x402 payment.

type Sent = { method: string; path: string; headers: Headers; status?: number };

/** A fetch that sends as this test's client address (per-IP limits) and records every attempt. */
function recordingFetch(clientIp: string, sent: Sent[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set('x-forwarded-for', clientIp);
    const entry: Sent = { method: request.method, path: new URL(request.url).pathname, headers: request.headers };
    sent.push(entry);
    const response = await fetch(request);
    entry.status = response.status;
    return response;
  };
}

function clientFor(baseURL: string | undefined, clientIp: string, options: { apiKey?: string } = {}) {
  const sent: Sent[] = [];
  const client = createLegworkClient({ baseUrl: baseURL ?? '', fetch: recordingFetch(clientIp, sent), ...options });
  return { client, sent };
}

/** A new operator, signed in: the client carries its session token. */
async function signUp(baseURL: string | undefined, clientIp: string) {
  const { client } = clientFor(baseURL, clientIp);
  const email = `client-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const { data } = await client.POST('/v1/users', { body: { email, password: 'correct horse battery 42' } });
  client.setApiKey(data.session.token);
  await verifyEmailViaApi(baseURL ?? '', email, data.session.token, { 'x-forwarded-for': clientIp });
  return { client, email };
}

const task = { title: 'Photograph the shelf at the corner shop', budgetCents: 2_000 };

test('typed calls: health without a credential, then bearer calls with a session and an API key', async ({
  baseURL,
  clientIp,
}) => {
  const { client: anonymous } = clientFor(baseURL, clientIp);
  expect(await anonymous.GET('/v1/health')).toEqual({ status: 'ok' });

  const { client: operator, email } = await signUp(baseURL, clientIp);
  const me = await operator.GET('/v1/users/me');
  expect(me.data).toMatchObject({ email, type: 'human' });

  const created = await operator.POST('/v1/operators/me/keys', { body: { name: 'client e2e' } });
  const { client: keyed, sent } = clientFor(baseURL, clientIp, { apiKey: created.data.key });
  const operatorProfile = await keyed.GET('/v1/operators/me');
  expect(operatorProfile.data.id).toBe(me.data.id);
  expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${created.data.key}`);

  keyed.setApiKey(undefined);
  const refused = await keyed.GET('/v1/operators/me').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(LegworkApiError);
  expect(refused).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Authentication required' });
  expect((refused as LegworkApiError).requestId).toMatch(/^req_/);
});

test('a real 429 is retried after Retry-After, then succeeds', async ({ baseURL, clientIp }) => {
  test.setTimeout(150_000);
  const { client: operator } = await signUp(baseURL, clientIp);
  const created = await operator.POST('/v1/operators/me/keys', { body: { name: 'slow', rateLimitPerMinute: 1 } });
  const { client, sent } = clientFor(baseURL, clientIp, { apiKey: created.data.key });

  // The limiter counts in fixed windows on the minute: keep both calls inside one window.
  const second = new Date().getSeconds();
  if (second >= 55) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
  await client.GET('/v1/operators/me');
  const started = Date.now();
  const profile = await client.GET('/v1/operators/me');
  const waited = Date.now() - started;

  expect(profile.data.id).toEqual(expect.any(String));
  expect(sent.map((attempt) => attempt.status)).toEqual([200, 429, 200]);
  // Retry-After counts whole seconds to the end of the window, at least one.
  expect(waited).toBeGreaterThanOrEqual(900);
});

test('a real 402 from POST /v1/tasks: paid by the x402 signer; without one, PAYMENT_REQUIRED', async ({
  baseURL,
  clientIp,
}) => {
  const { client: operator } = await signUp(baseURL, clientIp);
  // The operator has no card: the agent's task can only be paid with x402.
  const agent = await operator.POST('/v1/operators/me/agents', { body: { name: 'buyer' } });
  const agentKey = agent.data.apiKey.key;

  const { client: unpaid } = clientFor(baseURL, clientIp, { apiKey: agentKey });
  const refused = await unpaid.POST('/v1/tasks', { body: task }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(LegworkApiError);
  expect(refused).toMatchObject({
    status: 402,
    code: 'PAYMENT_REQUIRED',
    details: {
      reason: 'no_card',
      x402Version: 1,
      accepts: [expect.objectContaining({ scheme: 'exact', network: 'base-sepolia', maxAmountRequired: '23000000' })],
    },
  });

  const payer = privateKeyToAccount(generatePrivateKey());
  const sent: Sent[] = [];
  const paying = createLegworkClient({
    baseUrl: baseURL ?? '',
    apiKey: agentKey,
    fetch: recordingFetch(clientIp, sent),
    x402Signer: x402SignerFromAccount(payer, { maxAmountAtomic: 100_000_000n }),
  });
  const created = await paying.POST('/v1/tasks', { body: task });

  expect(created.data).toMatchObject({ title: task.title, status: 'posted', fundingSource: 'x402', livemode: false });
  expect(sent.map((attempt) => attempt.status)).toEqual([402, 201]);
  expect(sent[0]?.headers.get('x-payment')).toBeNull();
  expect(sent[1]?.headers.get('x-payment')).toEqual(expect.any(String));
  expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));

  const fetched = await paying.GET('/v1/tasks/{id}', { params: { path: { id: created.data.id } } });
  expect(fetched.data).toMatchObject({ id: created.data.id, status: 'posted' });
});
