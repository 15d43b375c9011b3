import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createRequestContext } from '../lib/api/request-context';
import { createLegworkClient } from '../lib/client';
import { countMcpRequest, McpRefusal, readMcpBody } from './http-limits';
import { createLegworkMcpServer, type LegworkMcpServerOptions } from './server';

// The MCP tools over Streamable HTTP, stateless: every POST gets a new server and transport, so any instance can
// answer any request and nothing lives between requests. The caller's `Authorization: Bearer <API key>` comes with
// every request and the tools call the REST API with it, on this same deployment: authentication, scopes, rate
// limits and the usage log are the API's own. Without a key only the cold-start tools work, as over stdio. The
// request itself is counted like an API request and its batch is bounded (http-limits.ts).

export type McpHttpOptions = {
  /** Where the REST API lives; default the request's own origin. */
  apiBaseUrl?: string;
  /** Origins besides the request's own whose browsers may call (the public SITE_URL behind a proxy). */
  allowedOrigins?: string[];
  fetch?: typeof fetch;
} & Omit<LegworkMcpServerOptions, 'client'>;

export async function handleMcpRequest(request: Request, options: McpHttpOptions = {}): Promise<Response> {
  try {
    return await serve(request, options);
  } catch (error) {
    if (error instanceof McpRefusal) return error.toResponse();
    throw error;
  }
}

async function serve(request: Request, options: McpHttpOptions): Promise<Response> {
  const ownOrigin = new URL(request.url).origin;
  // DNS-rebinding defence (MCP transports spec): a browser page of another site must not reach the tools.
  const origin = request.headers.get('origin');
  if (origin && origin !== ownOrigin && !options.allowedOrigins?.includes(origin)) {
    throw new McpRefusal(403, -32000, `Origin ${origin} is not allowed`);
  }
  const authorization = request.headers.get('authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (authorization && !bearer) {
    throw new McpRefusal(401, -32001, 'Send `Authorization: Bearer <API key>`', { 'WWW-Authenticate': 'Bearer' });
  }
  const context = createRequestContext(request);
  const limits = await countMcpRequest(request, context, bearer !== undefined);
  const parsedBody = await readMcpBody(request);

  const client = createLegworkClient({
    baseUrl: options.apiBaseUrl ?? ownOrigin,
    apiKey: bearer,
    fetch: forwardClientAddress(context.ip, options.fetch ?? globalThis.fetch),
    userAgent: 'legwork-mcp/1.0 (http)',
    // A 429 goes back to the MCP client as the tool's error (with `retryAfter`): waiting here would hold this
    // request, and every call of its batch, for up to a minute.
    retryRateLimited: false,
  });
  const server = createLegworkMcpServer({ ...options, client });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  // A client that hangs up cancels its running tool (a wait stops polling at once).
  request.signal.addEventListener('abort', () => void server.close(), { once: true });
  const response = await transport.handleRequest(request, { parsedBody });
  for (const [name, value] of Object.entries(limits)) response.headers.set(name, value);
  response.headers.set('cache-control', 'no-store');
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // Progress must reach the client while the wait runs: no proxy buffering, no compression (which buffers).
    response.headers.set('cache-control', 'no-store, no-transform');
    response.headers.set('x-accel-buffering', 'no');
  }
  return response;
}

/**
 * The API's per-IP limits should count the MCP caller, not this server: its address (as this request resolved it)
 * goes along as X-Forwarded-For. The API believes it when this server's own address is in TRUSTED_PROXIES (e.g.
 * `loopback` when SITE_URL reaches the same host); otherwise every MCP caller counts as this server.
 */
function forwardClientAddress(client: string, baseFetch: typeof fetch): typeof fetch {
  if (client === '0.0.0.0') return baseFetch;
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set('x-forwarded-for', client);
    return baseFetch(request);
  };
}
