import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { x402Client } from '@x402/core/client';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { eq } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem';
import { describe, expect, it } from 'vitest';
import { GET as mcpGet } from '@/app/v1/mcp/route';
import { routeModules } from '@/app/v1/route-index';
import { POST as createTaskRoute } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { createLegworkClient, x402SignerFromAccount } from '@/lib/client';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { env } from '@/lib/env';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { x402Requirements } from '@/lib/payments/x402/requirements';
import { inProcessApi } from '@/lib/router/in-process';
import { call as callRoute, uniqueIp } from '@/test/http';
import type { TestJson } from '@/test/json';
import { balances } from '@/test/ledger';
import { withoutStripe } from '@/test/payments';
import { hoursFromNow, workerWithService } from '@/test/services';
import { taskBetween, taskParties } from '@/test/tasks';
import { base64Json, newPayer, paymentRows, signAuthorization, v2Payload } from '@/test/x402';
import { handleMcpRequest } from './http';
import { createLegworkMcpServer } from './server';
import { appFetch } from './testing/app-fetch';
import { connectForEachTest } from './testing/connect';

// x402 inside MCP calls (x402 specs/transports-v2/mcp.md), through the official MCP client and the real route
// handlers: the payment-required result, the retry with `_meta["x402/payment"]`, the settlement in
// `_meta["x402/payment-response"]`, and refusals that are the HTTP API's own. The agent's operator has no card.

withoutStripe();

const connect = connectForEachTest();
const TASK = { title: 'Photograph the storefront at 12 Main St', budgetCents: 2_000 };
const TOTAL_CENTS = 2_300;

type Answer = CallToolResult & { structuredContent: Record<string, TestJson> };

async function callTool(mcp: Client, name: string, args: Record<string, unknown>, payment?: unknown) {
  const _meta = payment === undefined ? undefined : { 'x402/payment': payment };
  return (await mcp.callTool({ name, arguments: args, ...(_meta ? { _meta } : {}) })) as Answer;
}

/** What an x402 v2 client signs from a payment-required result (the @x402/mcp client's own steps). */
async function payFor(result: Answer, payer: PrivateKeyAccount) {
  const wallet = new x402Client()
    .register('eip155:84532', new ExactEvmScheme(payer))
    .setSpendControls({ maxAmountPerPayment: '$100' });
  return wallet.createPaymentPayload(result.structuredContent as PaymentRequired);
}

/** The spec's payment-required result: isError, the PaymentRequired in structuredContent and as content[0]'s JSON. */
function expectPaymentRequired(result: Answer, path: string, totalCents: number, code = 'PAYMENT_REQUIRED') {
  expect(result.isError).toBe(true);
  const url = new URL(path, env().SITE_URL).toString();
  expect(result.structuredContent).toMatchObject({
    x402Version: 2,
    resource: { url },
    accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: String(totalCents * 10_000) }],
    legworkError: { code },
  });
  const [first, words] = result.content;
  expect(first?.type === 'text' && JSON.parse(first.text)).toEqual(result.structuredContent);
  expect(words?.type === 'text' && words.text).toContain(`Error ${code}`);
}

async function tasksOf(requesterId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.requesterId, requesterId));
}

/** A task paid by `payer`: its payment settled and linked, its escrow holding the total, fed from x402 receipts. */
async function expectPaidBy(taskId: string, payer: string, totalCents: number) {
  expect(await paymentRows(payer)).toEqual([
    expect.objectContaining({ taskId, status: 'settled', amountAtomic: String(totalCents * 10_000) }),
  ]);
  const escrow = ledgerAccount.escrow('test', taskId);
  expect(await balances([escrow])).toEqual({ [escrow]: totalCents });
}

function expectSettlement(result: Answer, payer: string) {
  expect(result._meta?.['x402/payment-response']).toMatchObject({
    success: true,
    network: 'eip155:84532',
    payer,
    transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
  });
}

describe('x402 inside an MCP call', () => {
  it('create_task: payment required, then the retry with _meta["x402/payment"] posts the task', async () => {
    const { agent } = await taskParties();
    const { mcp } = await connect(agent.token);

    const demanded = await callTool(mcp, 'create_task', { task: TASK, idempotency_key: `mcp-${agent.id}` });
    expectPaymentRequired(demanded, '/v1/tasks', TOTAL_CENTS);
    expect(await tasksOf(agent.id)).toEqual([]);

    const payer = newPayer();
    const payment = await payFor(demanded, payer);
    const paid = await callTool(mcp, 'create_task', { task: TASK, idempotency_key: `mcp-${agent.id}` }, payment);

    expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy();
    expect(paid.structuredContent.task).toMatchObject({ status: 'posted', fundingSource: 'x402' });
    expectSettlement(paid, payer.address);
    const [task, ...others] = await tasksOf(agent.id);
    expect(others).toEqual([]);
    expect(task).toMatchObject({ id: paid.structuredContent.task.id, status: 'posted', totalCents: TOTAL_CENTS });
    await expectPaidBy(paid.structuredContent.task.id, payer.address, TOTAL_CENTS);
  });

  it('publish_task: a draft is paid in _meta and posted', async () => {
    const { agent } = await taskParties();
    const { mcp } = await connect(agent.token);
    const draft = await callTool(mcp, 'create_task', { task: { ...TASK, draft: true } });
    expect(draft.isError, JSON.stringify(draft.content)).toBeFalsy();
    const taskId = draft.structuredContent.task.id as string;

    const demanded = await callTool(mcp, 'publish_task', { task_id: taskId });
    expectPaymentRequired(demanded, `/v1/tasks/${taskId}/publish`, TOTAL_CENTS);
    expect(await tasksOf(agent.id)).toEqual([expect.objectContaining({ status: 'draft' })]);

    const payer = newPayer();
    const paid = await callTool(mcp, 'publish_task', { task_id: taskId }, await payFor(demanded, payer));

    expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy();
    expect(paid.structuredContent.task).toMatchObject({ id: taskId, status: 'posted', fundingSource: 'x402' });
    expectSettlement(paid, payer.address);
    await expectPaidBy(taskId, payer.address, TOTAL_CENTS);
  });

  it('tip_worker: a completed task’s tip is paid in _meta, straight to the worker', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'completed');
    const { mcp } = await connect(parties.agent.token);
    const args = { task_id: task.id, amount_cents: 300, idempotency_key: `mcp-tip-${task.id}` };

    const demanded = await callTool(mcp, 'tip_worker', args);
    expectPaymentRequired(demanded, `/v1/tasks/${task.id}/tip`, 300);

    const payer = newPayer();
    const paid = await callTool(mcp, 'tip_worker', args, await payFor(demanded, payer));

    expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy();
    expect(paid.structuredContent.tip).toMatchObject({ taskId: task.id, amountCents: 300, source: 'x402' });
    expectSettlement(paid, payer.address);
    const payable = ledgerAccount.workerPayable('test', parties.worker.id);
    expect(await balances([payable])).toEqual({ [payable]: 300 });
    expect(await paymentRows(payer.address)).toEqual([expect.objectContaining({ taskId: task.id, status: 'settled' })]);
  });

  it('book_service: the booking is paid in _meta and handed to the worker', async () => {
    const { agent } = await taskParties();
    const { worker, service } = await workerWithService();
    const { mcp } = await connect(agent.token);
    const args = { service_id: service.id, starts_at: hoursFromNow(24), expected_price_cents: 3_500 };

    const demanded = await callTool(mcp, 'book_service', args);
    expectPaymentRequired(demanded, `/v1/services/${service.id}/book`, 4_025);
    expect(await tasksOf(agent.id)).toEqual([]);

    const payer = newPayer();
    const paid = await callTool(mcp, 'book_service', args, await payFor(demanded, payer));

    expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy();
    expect(paid.structuredContent.task).toMatchObject({ status: 'accepted', workerId: worker.id, totalCents: 4_025 });
    expectSettlement(paid, payer.address);
    await expectPaidBy(paid.structuredContent.task.id, payer.address, 4_025);
  });
});

describe('x402 inside a call to POST /v1/mcp (Streamable HTTP, stateless)', () => {
  it('pays as the docs/agents.md example does: payment-required, then the paid retry posts the task', async () => {
    const { agent } = await taskParties();
    const dispatch = inProcessApi(routeModules);
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost:3000/v1/mcp'), {
      requestInit: { headers: { authorization: `Bearer ${agent.token}`, [PEER_ADDRESS_HEADER]: uniqueIp() } },
      fetch: async (url, init) =>
        init?.method === 'POST'
          ? handleMcpRequest(new Request(url, init), { dispatch })
          : mcpGet(new Request(url, init)),
    });
    const mcp = new Client({ name: 'legwork-x402-http-test', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const args = { task: TASK, idempotency_key: `http-${agent.id}` };
      const demanded = await callTool(mcp, 'create_task', args);
      expectPaymentRequired(demanded, '/v1/tasks', TOTAL_CENTS);

      const payer = newPayer();
      const paid = await callTool(mcp, 'create_task', args, await payFor(demanded, payer));

      expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy();
      expectSettlement(paid, payer.address);
      await expectPaidBy(paid.structuredContent.task.id, payer.address, TOTAL_CENTS);
    } finally {
      await mcp.close();
    }
  });
});

/** A v2 payload for the create_task offer, signed with `overrides` (a wrong amount, an expired window). */
async function signedPayload(payer: PrivateKeyAccount, overrides: Parameters<typeof signAuthorization>[2] = {}) {
  const resource = new URL('/v1/tasks', env().SITE_URL).toString();
  const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource, description: 'Post a task' });
  return v2Payload(requirements, await signAuthorization(payer, requirements, overrides));
}

const now = () => BigInt(Math.floor(Date.now() / 1000));

describe('a refused payment in _meta', () => {
  const cases: [string, (payer: PrivateKeyAccount) => Promise<unknown>, string][] = [
    ['malformed', async () => ({ x402Version: 2, payload: 'not an authorization' }), 'invalid_payload'],
    [
      'a wrong amount',
      (payer) => signedPayload(payer, { value: String(TOTAL_CENTS * 10_000 - 1) }),
      'invalid_exact_evm_payload_authorization_value',
    ],
    [
      'an expired one',
      (payer) => signedPayload(payer, { validAfter: now() - 600n, validBefore: now() - 5n }),
      'invalid_exact_evm_payload_authorization_valid_before',
    ],
  ];

  it.each(cases)('%s: PAYMENT_FAILED with the reason the HTTP API gives, nothing posted', async (_, make, reason) => {
    const { agent } = await taskParties();
    const { mcp } = await connect(agent.token);
    const payer = newPayer();
    const payment = await make(payer);

    const refused = await callTool(mcp, 'create_task', { task: TASK }, payment);

    expectPaymentRequired(refused, '/v1/tasks', TOTAL_CENTS, 'PAYMENT_FAILED');
    expect(refused.structuredContent.legworkError.details).toMatchObject({ status: 402, details: { reason } });
    expect(refused._meta?.['x402/payment-response']).toBeUndefined();
    const overHttp = await callRoute(createTaskRoute, '/v1/tasks', {
      token: agent.token,
      body: TASK,
      ip: uniqueIp(),
      headers: { 'PAYMENT-SIGNATURE': base64Json(payment) },
    });
    expect(overHttp.status).toBe(402);
    expect(overHttp.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason } });
    expect(await tasksOf(agent.id)).toEqual([]);
    expect(await paymentRows(payer.address)).toEqual([]);
  });

  it('an already used one: nonce_already_used, no second task, the first payment alone on the books', async () => {
    const { agent } = await taskParties();
    const { mcp } = await connect(agent.token);
    const payer = newPayer();
    const payment = await payFor(await callTool(mcp, 'create_task', { task: TASK }), payer);
    const first = await callTool(mcp, 'create_task', { task: TASK }, payment);
    expect(first.isError, JSON.stringify(first.content)).toBeFalsy();

    const replayed = await callTool(mcp, 'create_task', { task: { ...TASK, title: 'Another one' } }, payment);

    expectPaymentRequired(replayed, '/v1/tasks', TOTAL_CENTS, 'PAYMENT_FAILED');
    expect(replayed.structuredContent.legworkError.details).toMatchObject({
      details: { reason: 'nonce_already_used' },
    });
    expect(await tasksOf(agent.id)).toEqual([expect.objectContaining({ id: first.structuredContent.task.id })]);
    await expectPaidBy(first.structuredContent.task.id, payer.address, TOTAL_CENTS);
  });
});

describe('with a server wallet (LEGWORK_X402_PRIVATE_KEY)', () => {
  /** An MCP server whose client pays a 402 from `wallet`, as the stdio server does with its configured key. */
  async function connectWithWallet(apiKey: string, wallet: PrivateKeyAccount) {
    const client = createLegworkClient({
      baseUrl: 'http://localhost:3000',
      apiKey,
      fetch: appFetch(uniqueIp()),
      maxRetries: 0,
      x402Signer: x402SignerFromAccount(wallet, { maxAmountAtomic: 100_000_000n }),
    });
    const server = createLegworkMcpServer({ client });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: 'legwork-x402-wallet-test', version: '1.0.0' });
    await mcp.connect(clientSide);
    return mcp;
  }

  it('pays without _meta from the server wallet; a refused _meta payment is not paid again by it', async () => {
    const { agent } = await taskParties();
    const serverWallet = newPayer();
    const mcp = await connectWithWallet(agent.token, serverWallet);
    try {
      // A v1 payload travels as X-Payment, the header the wallet's own payment would replace.
      const refused = await callTool(mcp, 'create_task', { task: TASK }, { x402Version: 1, payload: 'broken' });
      expectPaymentRequired(refused, '/v1/tasks', TOTAL_CENTS, 'PAYMENT_FAILED');
      expect(await tasksOf(agent.id)).toEqual([]);
      expect(await paymentRows(serverWallet.address)).toEqual([]);

      const paid = await callTool(mcp, 'create_task', { task: TASK });

      expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy();
      expect(paid.structuredContent.task).toMatchObject({ status: 'posted', fundingSource: 'x402' });
      // The caller paid nothing itself, so no settlement of theirs to report.
      expect(paid._meta?.['x402/payment-response']).toBeUndefined();
      await expectPaidBy(paid.structuredContent.task.id, serverWallet.address, TOTAL_CENTS);
    } finally {
      await mcp.close();
    }
  });
});
