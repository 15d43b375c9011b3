import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  getParseErrorMessage,
  normalizeObjectSchema,
  safeParseAsync,
} from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { type CallToolRequest, type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { LegworkApiError } from '../lib/client';
import { apiFailure, guarded, NO_KEY_HINT, type ToolContext, type ToolDefinition, type ToolExtra } from './tool-kit';
import type { WaitRenderer, WaitSpec } from './wait-tasks';

// A tool that waits on a human, in both modes (docs/agents.md, "Waiting"):
// - called plainly, `run` is today's bounded wait (at most 50 s, then `{status: "waiting", cursor}`);
// - called with `task` (MCP Tasks), it answers a task handle at once: the API's durable wait, finished by the
//   human's action, and tasks/get, tasks/result and tasks/cancel read it on any instance.

type WaitToolDefinition<Shape extends z.ZodRawShape> = ToolDefinition<Shape> & {
  kind: WaitSpec['kind'];
  /** What the durable wait waits for, from the tool's arguments. */
  waitFor: (args: z.output<z.ZodObject<Shape>>) => WaitSpec;
  /** The finished wait as this tool's result. */
  render: WaitRenderer;
};

type BoundedHandler = { bounded: (args: unknown, extra: ToolExtra) => Promise<CallToolResult> };

/**
 * A wait tool called without `task` runs its bounded wait. The SDK (1.32) would instead create a task and poll it
 * in the request (McpServer's private handleAutomaticTaskPolling, which it calls for every `taskSupport:
 * "optional"` tool called plainly): this replaces that method on the instance. mcp/waits.test.ts pins it.
 */
export function answerPlainCallsBounded(server: McpServer): void {
  Object.assign(server, {
    handleAutomaticTaskPolling: (tool: { handler: BoundedHandler }, request: CallToolRequest, extra: ToolExtra) =>
      tool.handler.bounded(request.params.arguments, extra),
  });
}

export function defineWaitTool<Shape extends z.ZodRawShape>(
  server: McpServer,
  context: ToolContext,
  name: string,
  tool: WaitToolDefinition<Shape>,
) {
  context.waits.renderers.set(tool.kind, tool.render);
  const run = guarded(context, name, tool);
  const handler = {
    createTask: async (args: z.output<z.ZodObject<Shape>>, extra: ToolExtra) => {
      if (tool.needsApiKey !== false && !context.client.apiKey) {
        throw new McpError(ErrorCode.InvalidParams, `${name} needs an API key. ${NO_KEY_HINT}`);
      }
      try {
        const ttl = extra.taskRequestedTtl;
        const task = await extra.taskStore?.createTask({ ttl, context: { wait: tool.waitFor(args) } });
        if (!task) throw new McpError(ErrorCode.InternalError, 'this server has no task store');
        return { task };
      } catch (error) {
        if (!(error instanceof LegworkApiError)) throw error;
        const text = apiFailure(error)
          .content.map((part) => (part.type === 'text' ? part.text : ''))
          .join('\n');
        throw new McpError(ErrorCode.InvalidParams, text, { code: error.code });
      }
    },
    getTask: (_args: unknown, extra: ToolExtra & { taskId: string }) => context.waits.getTask(extra.taskId),
    getTaskResult: (_args: unknown, extra: ToolExtra & { taskId: string }) =>
      context.waits.result(extra.taskId, extra.signal),
    bounded: async (args: unknown, extra: ToolExtra) => {
      const parsed = await safeParseAsync(normalizeObjectSchema(tool.input) ?? tool.input, args ?? {});
      if (!parsed.success) {
        const message = getParseErrorMessage('error' in parsed ? parsed.error : 'Unknown error');
        throw new McpError(
          ErrorCode.InvalidParams,
          `Input validation error: Invalid arguments for tool ${name}: ${message}`,
        );
      }
      return run(parsed.data as z.output<z.ZodObject<Shape>>, extra);
    },
  };
  server.experimental.tasks.registerToolTask(
    name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      annotations: { title: tool.title, openWorldHint: true, ...tool.annotations },
      execution: { taskSupport: 'optional' },
    },
    // The SDK's generic handler type cannot follow a generic shape; the schema above is what it parsed with.
    handler as never,
  );
}
