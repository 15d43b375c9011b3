import { z } from 'zod';
import { defineDocumentedOperation } from '@/lib/schemas/operation';

// POST /v1/mcp is MCP's Streamable HTTP transport (stateless), not a REST operation: JSON-RPC in, an SSE stream
// or a JSON-RPC error out. Described here by hand (app/v1/mcp/route.ts, mcp/http.ts) so the document lists it.

/** The most JSON-RPC messages one POST may batch: each tool call of a batch fans out into API calls. */
export const MAX_MCP_BATCH = 20;

const jsonRpcId = z.union([z.string(), z.number().int()]).describe('The request id; absent on a notification.');

const jsonRpcMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: jsonRpcId.optional(),
    method: z.string().optional().describe('`initialize`, `tools/list`, `tools/call`, a notification, …'),
    params: z.record(z.string(), z.unknown()).optional(),
    result: z.record(z.string(), z.unknown()).optional().describe('On a response to a server request.'),
    error: z.record(z.string(), z.unknown()).optional().describe('On an error response to a server request.'),
  })
  .describe('A JSON-RPC 2.0 request, notification or response.')
  .meta({ id: 'JsonRpcMessage' });

const jsonRpcError = z
  .object({
    jsonrpc: z.literal('2.0'),
    error: z.object({
      code: z
        .number()
        .int()
        .describe('JSON-RPC error code: -32700 parse error, -32600 invalid request, -32000/-32001.'),
      message: z.string(),
      data: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'On a refusal by the API’s own checks (401, 429): its error fields `code`, `message`, `hint`, `details`.',
        ),
    }),
    id: jsonRpcId.nullable(),
  })
  .meta({ id: 'JsonRpcError' });

const sseStream = {
  type: 'string',
  description:
    'Server-Sent Events: `event: message` frames whose `data` is a JSON-RPC message (progress notifications while ' +
    'a tool runs, then the response to each request), closed once every request is answered.',
};

const jsonRpcErrorContent = { 'application/json': jsonRpcError };

export const mcpOperation = defineDocumentedOperation({
  method: 'POST',
  path: '/v1/mcp',
  operationId: 'mcp',
  summary: 'MCP server (Streamable HTTP)',
  description:
    'The Model Context Protocol endpoint, Streamable HTTP transport, stateless (no `Mcp-Session-Id`; GET and ' +
    'DELETE are 405). The body is a JSON-RPC 2.0 message or batch; send `Accept: application/json, ' +
    'text/event-stream`. Requests are answered with a `text/event-stream` of JSON-RPC messages; transport errors ' +
    'with a JSON-RPC error object as `application/json` (not the `{error}` envelope). The bearer API key is ' +
    'optional: without one only the cold-start tools work; with one every tool calls this API with it, so its ' +
    'scopes, rate limit and usage log apply. The request itself also counts against the key’s rate limit (per ' +
    `client IP without a key), and a batch holds at most ${MAX_MCP_BATCH} messages. A browser may call only ` +
    'from this site’s origin. See /docs/agents.',
  tags: ['MCP'],
  security: [{}, { apiKey: [] }],
  parameters: [
    {
      name: 'MCP-Protocol-Version',
      in: 'header',
      required: false,
      description: 'The protocol version negotiated by `initialize`, on later requests.',
      schema: { type: 'string' },
    },
  ],
  requestBody: {
    description: 'One JSON-RPC message or a batch of them.',
    content: { 'application/json': z.union([jsonRpcMessage, z.array(jsonRpcMessage).min(1)]) },
  },
  responses: {
    200: { description: 'The answers to the requests, streamed.', content: { 'text/event-stream': sseStream } },
    202: { description: 'The body held only notifications or responses: accepted, no content.' },
    400: {
      description: `Malformed JSON or JSON-RPC, or a batch of more than ${MAX_MCP_BATCH} messages.`,
      content: jsonRpcErrorContent,
    },
    401: {
      description: 'An `Authorization` header that is not `Bearer <token>`, or a token that matches no live key.',
      content: jsonRpcErrorContent,
    },
    403: { description: 'An `Origin` other than this site.', content: jsonRpcErrorContent },
    406: { description: '`Accept` lacks `application/json` or `text/event-stream`.', content: jsonRpcErrorContent },
    413: { description: 'The body is too large.', content: jsonRpcErrorContent },
    415: { description: '`Content-Type` is not `application/json`.', content: jsonRpcErrorContent },
    429: {
      description: 'Past the rate limit: wait `Retry-After` seconds (`error.data.details.retryAfter`).',
      content: jsonRpcErrorContent,
    },
  },
});
