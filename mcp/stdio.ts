import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLegworkClient } from '../lib/client';
import { createLegworkMcpServer } from './server';

// `npm run mcp` / `legwork-mcp`: the MCP server over stdio. stdout carries the protocol, so anything else goes to
// stderr. Configuration: LEGWORK_BASE_URL (default http://localhost:3000) and LEGWORK_API_KEY (optional: without
// it only propose_task, await_claim and register_agent work until one of them delivers a key).

const baseUrl = (process.env.LEGWORK_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const apiKey = process.env.LEGWORK_API_KEY || undefined;

const client = createLegworkClient({ baseUrl, apiKey, userAgent: 'legwork-mcp/1.0 (stdio)' });
const server = createLegworkMcpServer({ client });

const log = (msg: string, fields: Record<string, unknown> = {}) =>
  process.stderr.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...fields })}\n`);

const transport = new StdioServerTransport();
transport.onclose = () => process.exit(0);
// The client closing our stdin ends the session even while a wait is still polling.
process.stdin.on('end', () => process.exit(0));
await server.connect(transport);
log('legwork-mcp ready on stdio', { baseUrl, apiKey: apiKey ? `${apiKey.slice(0, 12)}…` : 'none' });
