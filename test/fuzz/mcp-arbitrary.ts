import fc from 'fast-check';
import { z } from 'zod';
import type { Answer } from './answer-problems';
import { brokenJson, wrongValue } from './hostile-arbitrary';
import type { FuzzRequest } from './request-arbitrary';

// POST /v1/mcp, the one documented operation outside the REST pipeline: JSON-RPC in, an event stream or a JSON-RPC
// error out. Generated calls name real methods and tools with arguments valid or not; the waits (await_message,
// await_claim) are left out, since a valid call parks for up to a minute.

const TOOLS = [
  'propose_task',
  'register_agent',
  'quote_task',
  'send_feedback',
  'list_messages',
  'send_message',
  'search_services',
  'book_service',
  'create_task',
  'get_task',
  'list_tasks',
  'cancel_task',
  'approve_task',
  'request_revision',
  'get_usage',
  'search_workers',
  'get_worker',
];

const argument = fc.dictionary(
  fc.constantFrom('taskId', 'id', 'title', 'budgetCents', 'message', 'body', 'q', 'lat', 'lng', 'limit', 'cursor'),
  fc.oneof(fc.uuid(), wrongValue),
  { maxKeys: 4 },
);

const message = fc.oneof(
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
    method: fc.constant('tools/call'),
    params: fc.record({ name: fc.constantFrom(...TOOLS), arguments: argument }),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.integer(),
    method: fc.constantFrom('initialize', 'tools/list', 'ping', 'resources/list', 'no/such/method'),
    params: fc.dictionary(fc.string({ maxLength: 8 }), wrongValue, { maxKeys: 2 }),
  }),
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0'), method: fc.constant('notifications/initialized') }),
  wrongValue,
);

export const mcpRequestArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .record({
    body: fc.oneof(
      { arbitrary: message.map((value) => JSON.stringify(value)), weight: 4 },
      { arbitrary: fc.array(message, { minLength: 1, maxLength: 3 }).map((value) => JSON.stringify(value)), weight: 1 },
      { arbitrary: brokenJson, weight: 1 },
    ),
    credential: fc.constantFrom('agentKey', 'operatorKey', 'none', 'bogus', 'workerSession') as fc.Arbitrary<
      FuzzRequest['credential']
    >,
    accept: fc.constantFrom('application/json, text/event-stream', 'application/json', '*/*', 'text/html'),
  })
  .map(({ body, credential, accept }) => ({
    method: 'POST',
    url: '/v1/mcp',
    credential,
    headers: { 'content-type': 'application/json', accept },
    body,
  }));

const jsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  error: z.object({ code: z.number().int(), message: z.string() }),
  id: z.union([z.string(), z.number(), z.null()]),
});

/** What is wrong with an MCP answer: a 5xx, an error outside JSON-RPC's shape, a success that is not a stream. */
export function mcpAnswerProblems({ status, contentType, text }: Answer): string[] {
  if (status >= 500) return [`answered ${status}: ${text.slice(0, 300)}`];
  if (status === 202) return [];
  if (status === 200) return contentType.startsWith('text/event-stream') ? [] : [`a 200 that is ${contentType}`];
  if (status < 400) return [`answered ${status}`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [`a ${status} that is not JSON: ${text.slice(0, 200)}`];
  }
  return jsonRpcError.safeParse(parsed).success ? [] : [`a ${status} outside JSON-RPC's error: ${text.slice(0, 300)}`];
}
