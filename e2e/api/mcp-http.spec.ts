import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from '../fixtures';
import { callTool, claimAsHuman, messageLoop } from './mcp-steps';

// The same flow over Streamable HTTP at POST /v1/mcp, with the SDK's own client transport. The endpoint is
// stateless: once await_claim returns the key, the agent connects again with `Authorization: Bearer <key>`.

async function connect(baseURL: string, headers: Record<string, string>) {
  const transport = new StreamableHTTPClientTransport(new URL('/v1/mcp', baseURL), { requestInit: { headers } });
  const client = new Client({ name: 'e2e-http', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

test('HTTP: propose_task, the human claims, await_claim returns the key, then messages with the sandbox worker', async ({
  page,
  request,
  baseURL,
  clientIp,
}) => {
  test.setTimeout(120_000);
  const anonymous = await connect(baseURL ?? '', { 'x-forwarded-for': clientIp });
  const proposal = await callTool(anonymous, 'propose_task', {
    task: { title: 'Check the opening hours sign', budgetCents: 1_000 },
  });
  expect(proposal.isError, proposal.text).toBeFalsy();
  const { claimToken, humanClaimUrl, task } = proposal.structured;

  // A wait over HTTP streams progress (every 5 s) while it runs, then answers `waiting`.
  const progressAt: number[] = [];
  const started = Date.now();
  const waiting = await callTool(anonymous, 'await_claim', { claim_token: claimToken, timeout_seconds: 8 }, () =>
    progressAt.push(Date.now()),
  );
  const answeredAt = Date.now();
  expect(waiting.structured).toEqual({ status: 'waiting', cursor: claimToken });
  expect(progressAt.length).toBeGreaterThanOrEqual(1);
  expect(progressAt[0] ?? 0).toBeLessThan(started + 7_000);
  expect(answeredAt - (progressAt[0] ?? answeredAt)).toBeGreaterThan(1_500);

  const claim = callTool(anonymous, 'await_claim', { claim_token: claimToken, timeout_seconds: 50 });
  await claimAsHuman(page, humanClaimUrl);
  const claimed = await claim;
  expect(claimed.structured).toMatchObject({ status: 'claimed', taskId: task.id });
  const apiKey = claimed.structured.apiKey.key as string;
  await anonymous.close();

  const agent = await connect(baseURL ?? '', { 'x-forwarded-for': clientIp, authorization: `Bearer ${apiKey}` });
  try {
    const posted = await callTool(agent, 'get_task', { task_id: task.id });
    expect(posted.structured.task).toMatchObject({ id: task.id, status: 'posted' });
    await messageLoop(request, agent, apiKey, task.id);
  } finally {
    await agent.close();
  }
});

test('HTTP: another site’s Origin is 403, GET is 405', async ({ request }) => {
  const foreign = await request.post('/v1/mcp', {
    headers: { origin: 'https://evil.example', accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error.message).toBe('Origin https://evil.example is not allowed');
  const get = await request.get('/v1/mcp');
  expect(get.status()).toBe(405);
  expect(get.headers().allow).toBe('POST');
});
