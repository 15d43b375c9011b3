import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { LegworkApiError, type LegworkClient } from '../lib/client';
import type { ApiWaitStore } from './wait-tasks';

// What every tool shares: the client, the credential gate, the mapping of API errors to `isError` results, and
// the `idempotency_key` argument of mutating tools.

export type ToolContext = {
  client: LegworkClient;
  /** The durable waits behind MCP Tasks (mcp/wait-tasks.ts). */
  waits: ApiWaitStore;
  /** How often the waits re-check (await_claim polls) and emit progress. */
  pollIntervalMs: number;
  progressIntervalMs: number;
};

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

type Structured = Record<string, unknown>;

export function success(structured: Structured, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function failure(code: string, message: string, hint?: string, details?: unknown): CallToolResult {
  const error = { code, message, ...(hint ? { hint } : {}), ...(details === undefined ? {} : { details }) };
  const text = [`Error ${code}: ${message}`, hint ? `Hint: ${hint}` : ''].filter(Boolean).join('\n');
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error } };
}

const NO_ENVELOPE_HINT =
  'Retry later. If it persists, the MCP server cannot reach the Legwork API: over stdio, check LEGWORK_BASE_URL.';

/**
 * An API error as the model should see it: the envelope's code, message and hint, plus the fields per issue. An
 * answer without the API's envelope (a proxy's page, a refused connection) is told by its status alone: its body and
 * the network's words never reach the model, so a tool error cannot carry what some other server said.
 */
export function apiFailure(error: LegworkApiError): CallToolResult {
  const about = {
    status: error.status,
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    ...(error.requestId ? { requestId: error.requestId } : {}),
  };
  if (!error.fromEnvelope) {
    const message =
      error.status === 0
        ? 'No answer from the Legwork API'
        : `The API answered HTTP ${error.status} without its error body`;
    return failure(error.code, message, NO_ENVELOPE_HINT, about);
  }
  const issues = error.issues?.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  const message = issues?.length ? `${error.message}: ${issues.join('; ')}` : error.message;
  const details = {
    ...about,
    ...(error.issues ? { issues: error.issues } : {}),
    ...(error.details === undefined ? {} : { details: error.details }),
  };
  return failure(error.code, message, error.hint, details);
}

export const NO_KEY_HINT =
  'This server has no API key yet. Either propose_task (a human claims it and await_claim returns your key), or ' +
  'register_agent with a claim code from your operator’s dashboard; then set LEGWORK_API_KEY (stdio) or send ' +
  '`Authorization: Bearer <key>` (HTTP).';

/** Mutating tools take this; the same key on a retry replays the first answer instead of acting twice. */
export const idempotencyKeyArg = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x2b\x2d-\x7e]+$/, { message: 'Printable ASCII without spaces or commas' })
  .optional()
  .describe(
    'Reuse the same value when you retry this exact call (after a timeout, say): the API then replays the first ' +
      'answer instead of acting twice. Default: a fresh UUID (returned as `idempotencyKey`).',
  );

export const taskIdArg = z.uuid().describe('The task’s id (`id` from create_task, propose_task or list_tasks).');

export type ToolDefinition<Shape extends z.ZodRawShape> = {
  title: string;
  description: string;
  input: z.ZodObject<Shape>;
  annotations: ToolAnnotations;
  /** False for the cold-start tools, which work before the server has a key. */
  needsApiKey?: boolean;
  run: (args: z.output<z.ZodObject<Shape>>, extra: ToolExtra) => Promise<CallToolResult>;
};

/** Registers one tool: checks the credential, runs it, turns a LegworkApiError into an `isError` result. */
export function defineTool<Shape extends z.ZodRawShape>(
  server: McpServer,
  context: ToolContext,
  name: string,
  tool: ToolDefinition<Shape>,
) {
  server.registerTool(
    name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      annotations: { title: tool.title, openWorldHint: true, ...tool.annotations },
    },
    // The SDK's generic callback type cannot follow a generic shape; the schema above is what it parsed with.
    guarded(context, name, tool) as never,
  );
}

/** A tool's `run` behind the credential gate, with API errors as `isError` results. */
export function guarded<Shape extends z.ZodRawShape>(
  context: ToolContext,
  name: string,
  tool: Pick<ToolDefinition<Shape>, 'needsApiKey' | 'run'>,
) {
  return async (args: z.output<z.ZodObject<Shape>>, extra: ToolExtra): Promise<CallToolResult> => {
    if (tool.needsApiKey !== false && !context.client.apiKey) {
      return failure('UNAUTHORIZED', `${name} needs an API key`, NO_KEY_HINT);
    }
    try {
      return await tool.run(args, extra);
    } catch (error) {
      if (error instanceof LegworkApiError) return apiFailure(error);
      throw error;
    }
  };
}

export const newIdempotencyKey = (given: string | undefined) => given ?? randomUUID();
