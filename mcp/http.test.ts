import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/v1/mcp/route';
import { routeModules } from '@/app/v1/route-index';
import { getDatabase } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { addressBucket, PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { heldWaitSlots } from '@/lib/realtime/wait-slots';
import { inProcessApi } from '@/lib/router/in-process';
import { MAX_MCP_BATCH } from '@/lib/schemas/mcp';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { MESSAGE_SCOPES, posted, sleep, thread } from '@/test/messages';
import { handleMcpRequest } from './http';

// POST /v1/mcp: Streamable HTTP, stateless, the caller's Bearer key on every request, Origin checked.

const ENDPOINT = 'http://localhost:3000/v1/mcp';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

const post = (headers: Record<string, string>, body: unknown = INITIALIZE, endpoint = ENDPOINT) =>
  POST(
    new Request(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        [PEER_ADDRESS_HEADER]: uniqueIp(),
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );

/** A `tools/call` as one stateless request: no initialize first, as any instance may answer it. */
const toolCall = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The tool's result out of the endpoint's event stream. */
async function toolResult(res: Response): Promise<CallToolResult> {
  expect(res.status).toBe(200);
  const events = (await res.text()).split('\n').filter((line) => line.startsWith('data: '));
  const answer = events.map((line) => JSON.parse(line.slice('data: '.length))).find((message) => message.id === 2);
  return answer.result as CallToolResult;
}

/** A JSON-RPC error object as the endpoint answers it. */
const refusal = (code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  error: { code, message, ...(data === undefined ? {} : { data }) },
  id: null,
});

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const dispatch = inProcessApi(routeModules);

/** The SDK's own HTTP client transport, its requests handed to the handler in process. */
async function connectOverHttp(apiKey: string) {
  const transport = new StreamableHTTPClientTransport(new URL(ENDPOINT), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}`, [PEER_ADDRESS_HEADER]: uniqueIp() } },
    // As the route serves them: POST to the MCP handler, the client's optional GET stream to the route's 405.
    fetch: async (url, init) =>
      init?.method === 'POST'
        ? handleMcpRequest(new Request(url, init), { dispatch, progressIntervalMs: 300 })
        : GET(new Request(url, init)),
  });
  client = new Client({ name: 'legwork-http-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('POST /v1/mcp', () => {
  it('answers initialize without a session id', async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(await res.text()).toContain('"serverInfo":{"name":"legwork"');
  });

  it('refuses another site’s Origin with 403 and a malformed Authorization with 401', async () => {
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual(refusal(-32000, 'Origin https://evil.example is not allowed'));
    expect((await post({ origin: 'http://localhost:3000' })).status).toBe(200);

    const basic = await post({ authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('runs the tools with the caller’s key, streams progress and returns the message posted between two waits', async () => {
    const { parties, task } = await thread('accepted');
    const mcp = await connectOverHttp(parties.agent.token);
    const sent = (await mcp.callTool({
      name: 'send_message',
      arguments: { task_id: task.id, body: 'Which entrance?' },
    })) as CallToolResult;
    const cursor = (sent.structuredContent as { cursor: string }).cursor;

    const progress: number[] = [];
    const idle = (await mcp.callTool(
      { name: 'await_message', arguments: { task_id: task.id, cursor, timeout_seconds: 1 } },
      undefined,
      {
        onprogress: (update) => progress.push(update.progress),
      },
    )) as CallToolResult;
    expect(idle.structuredContent).toEqual({ status: 'waiting', cursor });
    expect(progress.length).toBeGreaterThanOrEqual(1);

    const reply = await posted(parties.worker.token, task.id, 'The side door.');
    const got = (await mcp.callTool({
      name: 'await_message',
      arguments: { task_id: task.id, cursor },
    })) as CallToolResult;
    expect(got.structuredContent).toMatchObject({ status: 'message', cursor: reply.id });
  });

  it('refuses a key that matches nothing with a JSON-RPC 401 carrying the API’s error', async () => {
    const res = await post({ authorization: 'Bearer lgw_test_not-a-real-key' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual(refusal(-32001, 'Authentication required', envelope('UNAUTHORIZED').error));
  });

  it(`refuses a batch of more than ${MAX_MCP_BATCH} messages with 400, and serves one of ${MAX_MCP_BATCH}`, async () => {
    const batch = (size: number) =>
      Array.from({ length: size }, () => ({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const tooMany = await post({}, batch(MAX_MCP_BATCH + 1));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual(
      refusal(
        -32600,
        `Invalid Request: a batch holds at most ${MAX_MCP_BATCH} messages (this one has ${MAX_MCP_BATCH + 1}); ` +
          'send the rest in further requests',
      ),
    );
    expect((await post({}, batch(MAX_MCP_BATCH))).status).toBe(202);
  });

  it('counts each request against the key: past its limit a tool’s API call fails at once, then the endpoint 429s', async () => {
    const { parties, task } = await thread();
    const { db } = await getDatabase();
    const { key, row } = await insertApiKey(db, {
      userId: parties.agent.id,
      mode: 'test',
      scopes: MESSAGE_SCOPES,
      rateLimitPerMinute: 50,
    });
    await ensureWindowRoom(60, 15);
    const mcp = await connectOverHttp(key);
    // One request left in this window: the tools/call itself takes it, so the API call it makes is the 51st.
    await db
      .update(rateLimitCounters)
      .set({ count: sql`49` })
      .where(eq(rateLimitCounters.bucket, `key:${row.id}`));

    const started = performance.now();
    const result = (await mcp.callTool({
      name: 'send_message',
      arguments: { task_id: task.id, body: 'Which entrance?' },
    })) as CallToolResult;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: { code: 'RATE_LIMIT_EXCEEDED', details: { status: 429, retryAfter: expect.any(Number) } },
    });

    const refused = await post({ authorization: `Bearer ${key}` });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('"api-key";q=50;w=60');
    const details = { retryAfter, limit: 50, windowSeconds: 60 };
    const { error } = envelope('RATE_LIMIT_EXCEEDED', { details });
    expect(await refused.json()).toEqual(refusal(-32000, 'Too many requests', error));
  });

  it('calls the API in process: a Host naming a local listener reaches nothing, and the tools still work', async () => {
    const reached: string[] = [];
    const listener = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('the listener’s own secrets');
    });
    listener.on('connection', () => reached.push('connection'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    // The URL a request gets from its Host header (lib/router/api-router.ts builds it so).
    const endpoint = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/v1/mcp`;
    try {
      const task = { title: 'Check the opening hours sign', budgetCents: 1_000 };
      const proposed = await toolResult(await post({}, toolCall('propose_task', { task }), endpoint));
      expect(proposed.isError).toBeFalsy();
      const { claimToken } = proposed.structuredContent as { claimToken: string };
      expect(claimToken).toEqual(expect.any(String));
      const waited = await toolResult(
        await post({}, toolCall('await_claim', { claim_token: claimToken, timeout_seconds: 1 }), endpoint),
      );
      expect(waited.structuredContent).toEqual({ status: 'waiting', cursor: claimToken });
      expect(reached).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('counts an anonymous caller’s tool calls in its own address’s buckets, whatever it forwards', async () => {
    await ensureWindowRoom(60, 10);
    const ip = uniqueIp();
    const forged = uniqueIp();
    const task = { title: 'Photograph the shelf', budgetCents: 1_000 };
    // X-Forwarded-For is not believed here (no TRUSTED_PROXIES), in the MCP request or in the API calls it makes.
    const res = await post(
      { [PEER_ADDRESS_HEADER]: ip, 'x-forwarded-for': forged },
      toolCall('propose_task', { task }),
    );
    expect((await toolResult(res)).isError).toBeFalsy();
    const { db } = await getDatabase();
    const [own, other] = [addressBucket(ip), addressBucket(forged)];
    const buckets = [`ip:public:${own}`, `ip:auth:${own}`, `ip:public:${other}`, `ip:auth:${other}`];
    const counted = await db
      .select({ bucket: rateLimitCounters.bucket, count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.bucket, buckets));
    // The MCP request in `public`, then propose_task's POST /v1/tasks/propose in `auth`: both the caller's.
    expect(counted.sort((a, b) => a.bucket.localeCompare(b.bucket))).toEqual([
      { bucket: `ip:auth:${own}`, count: 1 },
      { bucket: `ip:public:${own}`, count: 1 },
    ]);
  });

  it('answers a tool’s API error with our envelope’s fields only', async () => {
    const { parties } = await thread();
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: ['tasks:read'] });
    const res = await post(
      { authorization: `Bearer ${key}` },
      toolCall('get_task', { task_id: '00000000-0000-4000-8000-000000000000' }),
    );
    const result = await toolResult(res);
    expect(result.isError).toBe(true);
    const { error } = result.structuredContent as { error: Record<string, unknown> };
    const { message, hint } = envelope('NOT_FOUND', {
      message: 'Task not found',
      hint: 'Check the id; list your tasks with GET /v1/tasks.',
    }).error;
    expect(error).toEqual({
      code: 'NOT_FOUND',
      message,
      hint,
      details: { status: 404, requestId: expect.stringMatching(/^req_/) },
    });
  });

  it('ends a tool’s wait on the API when its caller hangs up', async () => {
    const { parties, task } = await thread('accepted');
    const hangUp = new AbortController();
    const call = toolCall('await_message', { task_id: task.id, timeout_seconds: 30 });
    const answer = POST(
      new Request(ENDPOINT, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${parties.agent.token}`,
          [PEER_ADDRESS_HEADER]: uniqueIp(),
        },
        body: JSON.stringify(call),
        signal: hangUp.signal,
      }),
    );
    for (let i = 0; i < 100 && heldWaitSlots(parties.agent.id) === 0; i++) await sleep(20);
    expect(heldWaitSlots(parties.agent.id)).toBe(1);
    hangUp.abort();
    for (let i = 0; i < 100 && heldWaitSlots(parties.agent.id) > 0; i++) await sleep(20);
    expect(heldWaitSlots(parties.agent.id)).toBe(0);
    await (await answer).body?.cancel();
  });

  it('sends the RateLimit headers of the bucket it counted in', async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"ip-public";q=120;w=60');
  });
});

describe('GET /v1/mcp', () => {
  it('is 405: a stateless server offers no stream', async () => {
    const res = await GET(new Request(ENDPOINT));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
