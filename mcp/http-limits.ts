import { readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { getDatabase } from '../db/client';
import type { RequestContext } from '../lib/api/request-context';
import { MAX_BODY_BYTES } from '../lib/api/steps/parse-input';
import { enforceRateLimit, rateLimitHeaders } from '../lib/api/steps/rate-limit';
import { resolveActor } from '../lib/api/steps/resolve-actor';
import { ApiError } from '../lib/errors/api-error';
import { MAX_MCP_BATCH } from '../lib/schemas/mcp';

// What bounds one POST /v1/mcp: it is counted like any API request before anything runs, and its body is read
// with the API's 1 MB cap and may batch at most MAX_MCP_BATCH messages (each tool call fans out into API calls).

/** A refusal of the transport itself: a JSON-RPC error object, `data` carrying the API's error fields. */
export class McpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly data?: unknown,
  ) {
    super(message);
  }

  static fromApiError(error: ApiError): McpRefusal {
    const headers = { ...error.headers, ...(error.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}) };
    const body = error.toBody().error;
    return new McpRefusal(error.status, error.status === 401 ? -32001 : -32000, error.message, headers, body);
  }

  toResponse(): Response {
    const error = { code: this.code, message: this.message, ...(this.data === undefined ? {} : { data: this.data }) };
    return Response.json({ jsonrpc: '2.0', error, id: null }, { status: this.status, headers: this.headers });
  }
}

/**
 * Counts the request as the API counts its own: with a bearer credential in that key's (or session user's) bucket,
 * a credential that matches nothing being 401 (and counted against the client IP's failed attempts); without one
 * per client IP in the `public` class. Returns the RateLimit headers; throws McpRefusal past the limit.
 */
export async function countMcpRequest(request: Request, context: RequestContext, hasBearer: boolean) {
  const operation = hasBearer ? ({ auth: 'any', rateLimit: 'default' } as const) : ({ auth: 'none' } as const);
  try {
    const resolved = await resolveActor(operation, request, context, getDatabase);
    const state = await enforceRateLimit(operation, resolved, context.ip, getDatabase);
    return state ? rateLimitHeaders(state) : {};
  } catch (error) {
    if (error instanceof ApiError) throw McpRefusal.fromApiError(error);
    throw error;
  }
}

/**
 * The JSON-RPC body, for the transport's `parsedBody`. Undefined when the content type is not JSON, so that the
 * transport answers it as usual (415) without the body being read here.
 */
export async function readMcpBody(request: Request): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) return undefined;
  const body = await readRequestBody(request, MAX_BODY_BYTES);
  if (body.tooLarge) {
    throw new McpRefusal(413, -32000, `Payload Too Large: the body must not exceed ${MAX_BODY_BYTES} bytes`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    throw new McpRefusal(400, -32700, 'Parse error: Invalid JSON');
  }
  if (Array.isArray(parsed) && parsed.length > MAX_MCP_BATCH) {
    throw new McpRefusal(
      400,
      -32600,
      `Invalid Request: a batch holds at most ${MAX_MCP_BATCH} messages (this one has ${parsed.length}); send the ` +
        'rest in further requests',
    );
  }
  return parsed;
}
