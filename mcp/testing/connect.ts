import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { createLegworkClient } from '@/lib/client';
import { uniqueIp } from '@/test/http';
import type { TestJson } from '@/test/json';
import { createLegworkMcpServer } from '../server';
import { appFetch } from './app-fetch';

// An MCP client connected in memory to a Legwork MCP server whose API calls run the real route handlers.

export type ToolAnswer = CallToolResult & { structuredContent: Record<string, TestJson>; text: string };

export type ConnectOptions = { apiKey?: string; pollIntervalMs?: number; onRequest?: (request: Request) => void };

export async function connectTools(options: ConnectOptions = {}) {
  const toApp = appFetch(uniqueIp());
  const client = createLegworkClient({
    baseUrl: 'http://localhost:3000',
    apiKey: options.apiKey,
    fetch: (input, init) => {
      const request = new Request(input, init);
      options.onRequest?.(request);
      return toApp(request);
    },
    maxRetries: 0,
  });
  const server = createLegworkMcpServer({
    client,
    pollIntervalMs: options.pollIntervalMs ?? 100,
    progressIntervalMs: 300,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: 'legwork-mcp-test', version: '1.0.0' });
  await mcp.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>, requestOptions?: RequestOptions) => {
    const result = (await mcp.callTool({ name, arguments: args }, undefined, requestOptions)) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return { ...result, structuredContent: result.structuredContent ?? {}, text } as ToolAnswer;
  };
  return { mcp, client, call, close: () => mcp.close() };
}

/** `connectTools` for a test file: every client a test connects is closed after that test. */
export function connectForEachTest() {
  const open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((close) => close()));
  });
  return async (apiKey?: string) => {
    const tools = await connectTools({ apiKey });
    open.push(tools.close);
    return tools;
  };
}
