import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment as wrapFetchV2, x402Client } from '@x402/fetch';
import { eq } from 'drizzle-orm';
import { createWalletClient, http } from 'viem';
import { baseSepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchV1 } from 'x402-fetch';
import { getDatabase } from '@/db/client';
import { tasks, x402Payments } from '@/db/schema';
import type { RouteHandler } from '@/lib/api/route';
import { SCOPES } from '@/lib/auth/scopes';
import { env } from '@/lib/env';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { toV2Requirements, x402Requirements } from '@/lib/payments/x402/requirements';
import { withEnv } from '@/test/env';
import { insertApiKey } from '@/test/factories';
import { readResult } from '@/test/http';
import { balances } from '@/test/ledger';
import { taskParties } from '@/test/tasks';
import { base64Json, newPayer, paymentRows, signAuthorization, v1Payload } from '@/test/x402';
import { POST } from './route';

// POST /v1/tasks paid with x402 by the off-the-shelf clients: `x402-fetch` (v1: 402 body, X-PAYMENT) and
// `@x402/fetch` (v2: PAYMENT-REQUIRED, PAYMENT-SIGNATURE). Their fetch calls the route handler in-process.
// The agent's operator has no card, so without a payment the agent gets the 402.

const TASK = { title: 'Photograph the storefront at 12 Main St', budgetCents: 2_000 };
const TOTAL_CENTS = 2_300;
const TASKS_PATH = '/v1/tasks';

/** A fetch whose every request goes to `handler` in-process, as Next.js would call it; answers are kept. */
function inProcessFetch(handler: RouteHandler, exchanges: { request: Request; response: Response }[] = []) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const response = await handler(request.clone(), { params: Promise.resolve({}) });
    exchanges.push({ request, response: response.clone() });
    return response;
  }) as typeof fetch;
}

const tasksUrl = () => new URL(TASKS_PATH, 'http://localhost:3000').toString();
const postTask = (token: string) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(TASK),
});

/** An agent (its operator has no card) with a test-mode key holding every scope. */
async function payingAgent() {
  const parties = await taskParties();
  const { db } = await getDatabase();
  const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: [...SCOPES] });
  return { id: parties.agent.id, token: key };
}

async function tasksOf(requesterId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.requesterId, requesterId));
}

/** What a paid task must leave behind: one posted task, its payment linked, the escrow holding the total. */
async function expectPaidTask(requesterId: string, payer: string) {
  const [task, ...others] = await tasksOf(requesterId);
  expect(others).toEqual([]);
  expect(task).toMatchObject({ status: 'posted', fundingSource: 'x402', totalCents: TOTAL_CENTS });
  if (!task) throw new Error('no task');
  expect(await paymentRows(payer)).toEqual([
    expect.objectContaining({ taskId: task.id, status: 'settled', amountAtomic: String(TOTAL_CENTS * 10_000) }),
  ]);
  const escrow = ledgerAccount.escrow(task.livemode ? 'live' : 'test', task.id);
  expect(await balances([escrow])).toEqual({ [escrow]: TOTAL_CENTS });
  return task;
}

describe('POST /v1/tasks paid with x402 clients', () => {
  it('x402-fetch (v1): 402 with accepts, then X-PAYMENT, then 201 posted with X-PAYMENT-RESPONSE', async () => {
    const agent = await payingAgent();
    const account = newPayer();
    const wallet = createWalletClient({ account, chain: baseSepolia, transport: http() });
    // x402 bundles its own viem types; the wallet is the same object at runtime.
    const signer = wallet as unknown as Parameters<typeof wrapFetchV1>[1];
    const exchanges: { request: Request; response: Response }[] = [];
    const pay = wrapFetchV1(inProcessFetch(POST, exchanges), signer, 100_000_000n);

    const res = await pay(tasksUrl(), postTask(agent.token));

    // First the 402: the spec envelope with the x402 v1 fields, and the v2 header.
    expect(exchanges).toHaveLength(2);
    const first = await readResult(exchanges[0]?.response as Response);
    expect(first.status).toBe(402);
    const resource = new URL(TASKS_PATH, env().SITE_URL).toString();
    const offered = x402Requirements({
      totalCents: TOTAL_CENTS,
      resource,
      description: first.json.accepts[0].description,
    });
    expect(Object.keys(first.json).sort()).toEqual(['accepts', 'error', 'x402Version']);
    expect(first.json.error).toMatchObject({ code: 'PAYMENT_REQUIRED', hint: expect.stringContaining('X-Payment') });
    expect(first.json.x402Version).toBe(1);
    expect(first.json.accepts).toEqual([offered]);
    const v2 = JSON.parse(Buffer.from(first.headers.get('payment-required') ?? '', 'base64').toString('utf8'));
    expect(v2).toMatchObject({ x402Version: 2, resource: { url: resource }, accepts: [toV2Requirements(offered)] });
    expect(exchanges[1]?.request.headers.has('x-payment')).toBe(true);

    // Then the paid retry.
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data).toMatchObject({ status: 'posted', fundingSource: 'x402', totalCents: TOTAL_CENTS });
    expect(decodeXPaymentResponse(res.headers.get('x-payment-response') ?? '')).toMatchObject({
      success: true,
      network: 'base-sepolia',
      payer: account.address,
    });
    const task = await expectPaidTask(agent.id, account.address);
    expect(body.data.id).toBe(task.id);
  });

  it('@x402/fetch (v2 with @x402/evm exact): PAYMENT-SIGNATURE, then 201 posted with PAYMENT-RESPONSE', async () => {
    const agent = await payingAgent();
    const account = newPayer();
    const client = new x402Client()
      .register('eip155:84532', new ExactEvmScheme(account))
      .setSpendControls({ maxAmountPerPayment: '$100' });
    const exchanges: { request: Request; response: Response }[] = [];
    const pay = wrapFetchV2(inProcessFetch(POST, exchanges), client);

    const res = await pay(tasksUrl(), postTask(agent.token));

    expect(exchanges.map((exchange) => exchange.response.status)).toEqual([402, 201]);
    expect(exchanges[1]?.request.headers.has('payment-signature')).toBe(true);
    expect(res.status).toBe(201);
    const settlement = JSON.parse(Buffer.from(res.headers.get('payment-response') ?? '', 'base64').toString('utf8'));
    expect(settlement).toMatchObject({ success: true, network: 'eip155:84532', payer: account.address });
    await expectPaidTask(agent.id, account.address);
  });

  it('the same X-Payment sent twice, then five times at once: one task', async () => {
    const agent = await payingAgent();
    const account = newPayer();
    const resource = new URL(TASKS_PATH, env().SITE_URL).toString();
    const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource, description: 'x' });
    const header = base64Json(v1Payload(requirements, await signAuthorization(account, requirements)));
    const send = () => {
      const init = postTask(agent.token);
      return POST(new Request(tasksUrl(), { ...init, headers: { ...init.headers, 'X-Payment': header } }), {
        params: Promise.resolve({}),
      }).then(readResult);
    };

    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(402);
    expect(again.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason: 'nonce_already_used' } });
    expect(again.json.accepts).toHaveLength(1);

    const burst = await Promise.all(Array.from({ length: 5 }, send));
    expect(burst.map((res) => res.status)).toEqual([402, 402, 402, 402, 402]);
    await expectPaidTask(agent.id, account.address);
  });

  it('with an Idempotency-Key: the 402 is not stored, the paid retry with the same key creates the task, a replay repeats it', async () => {
    const agent = await payingAgent();
    const account = newPayer();
    const resource = new URL(TASKS_PATH, env().SITE_URL).toString();
    const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource, description: 'x' });
    const key = `idem-${account.address}`;
    const send = (extra: Record<string, string>) => {
      const init = postTask(agent.token);
      return POST(
        new Request(tasksUrl(), { ...init, headers: { ...init.headers, 'Idempotency-Key': key, ...extra } }),
        { params: Promise.resolve({}) },
      ).then(readResult);
    };

    const demanded = await send({});
    expect(demanded.status).toBe(402);
    expect(demanded.headers.get('payment-required')).toBeTruthy();
    const header = base64Json(v1Payload(requirements, await signAuthorization(account, requirements)));
    const paid = await send({ 'X-Payment': header });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.headers.get('x-payment-response')).toBeTruthy();
    const replayed = await send({ 'X-Payment': header });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.json.data.id).toBe(paid.json.data.id);
    await expectPaidTask(agent.id, account.address);
  });

  it('in live mode without a facilitator, x402 is refused (nothing would really settle)', async () => {
    const parties = await taskParties();
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'live', scopes: [...SCOPES] });
    const account = newPayer();
    const resource = new URL(TASKS_PATH, env().SITE_URL).toString();
    const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource, description: 'x' });
    const header = base64Json(v1Payload(requirements, await signAuthorization(account, requirements)));
    const init = postTask(key);
    const res = await withEnv({ STRIPE_SECRET_KEY: 'sk_live_not_called', X402_FACILITATOR_URL: undefined }, () =>
      POST(new Request(tasksUrl(), { ...init, headers: { ...init.headers, 'X-Payment': header } }), {
        params: Promise.resolve({}),
      }).then(readResult),
    );
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason: 'unexpected_settle_error' } });
    expect(await paymentRows(account.address)).toEqual([]);
    expect(await tasksOf(parties.agent.id)).toEqual([]);
  });

  it('a malformed X-Payment header is a 402 that carries the requirements again', async () => {
    const agent = await payingAgent();
    const init = postTask(agent.token);
    const res = await POST(
      new Request(tasksUrl(), { ...init, headers: { ...init.headers, 'X-Payment': 'not base64 json!' } }),
      { params: Promise.resolve({}) },
    ).then(readResult);
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ error: { code: 'PAYMENT_FAILED' }, x402Version: 1 });
    expect(res.json.accepts).toHaveLength(1);
    expect(res.headers.get('payment-required')).toBeTruthy();
    expect(await tasksOf(agent.id)).toEqual([]);
  });

  it('five concurrent first uses of one X-Payment: exactly one task', async () => {
    const agent = await payingAgent();
    const account = newPayer();
    const resource = new URL(TASKS_PATH, env().SITE_URL).toString();
    const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource, description: 'x' });
    const header = base64Json(v1Payload(requirements, await signAuthorization(account, requirements)));
    const init = postTask(agent.token);

    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        POST(new Request(tasksUrl(), { ...init, headers: { ...init.headers, 'X-Payment': header } }), {
          params: Promise.resolve({}),
        }).then(readResult),
      ),
    );

    expect(results.map((res) => res.status).sort()).toEqual([201, 402, 402, 402, 402]);
    await expectPaidTask(agent.id, account.address);
  });

  it.each<[string, Parameters<typeof signAuthorization>[2], string]>([
    ['a wrong amount', { value: '22990000' }, 'invalid_exact_evm_payload_authorization_value'],
    [
      'a wrong payTo',
      { to: '0x1111111111111111111111111111111111111111' },
      'invalid_exact_evm_payload_recipient_mismatch',
    ],
    ['a wrong network', { chainId: 8453 }, 'invalid_network'],
    [
      'an expired authorization',
      { validBefore: BigInt(Math.floor(Date.now() / 1000) - 60) },
      'invalid_exact_evm_payload_authorization_valid_before',
    ],
  ])(
    '%s: 402 PAYMENT_FAILED with the reason and the requirements, no task, no claim',
    async (label, overrides, reason) => {
      const agent = await payingAgent();
      const account = newPayer();
      const resource = new URL(TASKS_PATH, env().SITE_URL).toString();
      const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource, description: 'x' });
      const signed = await signAuthorization(account, requirements, overrides);
      const network = label === 'a wrong network' ? 'base' : requirements.network;
      const init = postTask(agent.token);

      const res = await POST(
        new Request(tasksUrl(), {
          ...init,
          headers: { ...init.headers, 'X-Payment': base64Json(v1Payload(requirements, signed, network)) },
        }),
        { params: Promise.resolve({}) },
      ).then(readResult);

      expect(res.status).toBe(402);
      expect(res.json).toMatchObject({
        error: { code: 'PAYMENT_FAILED', details: { reason } },
        x402Version: 1,
        accepts: [expect.objectContaining({ maxAmountRequired: '23000000' })],
      });
      expect(res.headers.get('payment-required')).toBeTruthy();
      expect(await tasksOf(agent.id)).toEqual([]);
      expect(await paymentRows(account.address)).toEqual([]);
      const { db } = await getDatabase();
      expect(await db.select().from(x402Payments).where(eq(x402Payments.payer, account.address.toLowerCase()))).toEqual(
        [],
      );
    },
  );
});
