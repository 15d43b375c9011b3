import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/v1/mcp/route';
import { uniqueIp } from '@/test/http';
import { posted, thread } from '@/test/messages';
import { handleMcpRequest } from './http';
import { appFetch } from './testing/app-fetch';

// POST /v1/mcp: Streamable HTTP, stateless, the caller's Bearer key on every request, Origin checked.

const ENDPOINT = 'http://localhost:3000/v1/mcp';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
  POST(
    new Request(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    }),
  );

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** The SDK's own HTTP client transport, its requests handed to the handler in process. */
async function connectOverHttp(apiKey: string) {
  const toApp = appFetch(uniqueIp());
  const transport = new StreamableHTTPClientTransport(new URL(ENDPOINT), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
    fetch: (url, init) => handleMcpRequest(new Request(url, init), { fetch: toApp, progressIntervalMs: 300 }),
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
    expect(await foreign.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Origin https://evil.example is not allowed' },
      id: null,
    });
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

  it('passes a wrong key on to the API, whose 401 comes back as an isError result', async () => {
    const mcp = await connectOverHttp('lgw_test_not-a-real-key');
    const result = (await mcp.callTool({
      name: 'get_task',
      arguments: { task_id: '00000000-0000-4000-8000-000000000000' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

describe('GET /v1/mcp', () => {
  it('is 405: a stateless server offers no stream', async () => {
    const res = await GET(new Request(ENDPOINT));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
