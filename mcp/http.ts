import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createRequestContext, setClientAddress } from '../lib/api/request-context';
import { createLegworkClient } from '../lib/client';
import { countMcpRequest, McpRefusal, readMcpBody } from './http-limits';
import { createLegworkMcpServer, type LegworkMcpServerOptions } from './server';

// The MCP tools over Streamable HTTP, stateless: every POST gets a new server and transport, so any instance can
// answer any request and nothing lives between requests. The caller's `Authorization: Bearer <API key>` comes with
// every request and the tools call the REST API with it, in this same process through `dispatch` (the route
// handlers, app/v1/mcp/route.ts): authentication, scopes, rate limits and the usage log are the API's own, and no
// tool call ever leaves the process, whatever the request's Host says. Without a key only the cold-start tools
// work, as over stdio. The request itself is counted like an API request and its batch is bounded (http-limits.ts).

/** The origin of the tools' API calls: a name only, never resolved or connected to (see `inProcess`). */
export const IN_PROCESS_ORIGIN = 'http://legwork.internal';

export type McpHttpOptions = {
  /** Answers one API request in this process: the route handler's Response (lib/router/in-process.ts). */
  dispatch: (request: Request) => Promise<Response>;
  /** Origins besides the request's own whose browsers may call (the public SITE_URL behind a proxy). */
  allowedOrigins?: string[];
} & Omit<LegworkMcpServerOptions, 'client'>;

export async function handleMcpRequest(request: Request, options: McpHttpOptions): Promise<Response> {
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
    baseUrl: IN_PROCESS_ORIGIN,
    apiKey: bearer,
    fetch: inProcess(options.dispatch, context.ip, request.signal),
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
 * The client's `fetch`, answered by `dispatch` in this process. Each API request carries the caller's address as the
 * pipeline reads it (so per-IP limits count the MCP caller, not this server), whatever address headers it had, and
 * ends when the MCP request does (a client that hangs up ends its tools' waits).
 */
function inProcess(dispatch: McpHttpOptions['dispatch'], clientIp: string, hangUp: AbortSignal): typeof fetch {
  return async (input, init) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    if (url.origin !== IN_PROCESS_ORIGIN) throw new Error(`an MCP tool called ${url.origin}, not the in-process API`);
    const headers = new Headers(outgoing.headers);
    setClientAddress(headers, clientIp);
    return dispatch(new Request(outgoing, { headers, signal: AbortSignal.any([outgoing.signal, hangUp]) }));
  };
}
