import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLegworkClient } from '@/lib/client';
import { createLegworkMcpServer } from './server';

// A tool error carries our envelope's fields (code, message, hint, details) and nothing else: when something other
// than the API answers (a proxy's error page, a closed port behind a stdio server's LEGWORK_BASE_URL), neither its
// body nor the network's words reach the model.

const UPSTREAM_BODY = '<html><body>upstream 502: internal-admin.example token=s3cr3t</body></html>';
let upstream: http.Server;
let upstreamUrl = '';
let closedUrl = '';

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end(UPSTREAM_BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // A port that was just free and is closed again: nothing listens there.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(() => new Promise((resolve) => upstream.close(resolve)));

async function proposeThrough(baseUrl: string) {
  const client = createLegworkClient({ baseUrl, maxRetries: 0 });
  const server = createLegworkMcpServer({ client });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: 'tool-errors-test', version: '1.0.0' });
  await mcp.connect(clientSide);
  try {
    const task = { title: 'Check the opening hours sign', budgetCents: 1_000 };
    return (await mcp.callTool({ name: 'propose_task', arguments: { task } })) as CallToolResult;
  } finally {
    await mcp.close();
  }
}

describe('a tool error', () => {
  it('tells an answer without our envelope by its status, never by its body', async () => {
    const result = await proposeThrough(upstreamUrl);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The API answered HTTP 502 without its error body',
        hint: 'Retry later. If it persists, the MCP server cannot reach the Legwork API: over stdio, check LEGWORK_BASE_URL.',
        details: { status: 502 },
      },
    });
    expect(JSON.stringify(result)).not.toMatch(/upstream|s3cr3t|html/);
  });

  it('says no more than "no answer" when nothing listens, so it cannot tell a closed port from a filtered one', async () => {
    const result = await proposeThrough(closedUrl);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: {
        code: 'NETWORK_ERROR',
        message: 'No answer from the Legwork API',
        hint: 'Retry later. If it persists, the MCP server cannot reach the Legwork API: over stdio, check LEGWORK_BASE_URL.',
        details: { status: 0 },
      },
    });
    expect(JSON.stringify(result)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});
