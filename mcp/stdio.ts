import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLegworkClient } from '../lib/client';
import { configFromEnv } from './config';
import { createLegworkMcpServer } from './server';

// `npm run -s mcp` / `legwork-mcp`: the MCP server over stdio. stdout carries the protocol, so anything else goes
// to stderr. Configuration from the environment (mcp/config.ts): LEGWORK_BASE_URL, LEGWORK_API_KEY (optional:
// without it only propose_task, await_claim and register_agent work until one of them delivers a key), and an
// optional x402 wallet.

const log = (level: string, msg: string, fields: Record<string, unknown> = {}) =>
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);

let config: ReturnType<typeof configFromEnv>;
try {
  config = configFromEnv(process.env);
} catch (error) {
  log('error', (error as Error).message);
  process.exit(1);
}

const { summary, ...clientOptions } = config;
const client = createLegworkClient({ ...clientOptions, userAgent: 'legwork-mcp/1.0 (stdio)' });
const server = createLegworkMcpServer({ client });

const transport = new StdioServerTransport();
transport.onclose = () => process.exit(0);
// The client closing our stdin ends the session even while a wait is still polling.
process.stdin.on('end', () => process.exit(0));
await server.connect(transport);
log('info', 'legwork-mcp ready on stdio', summary);
