import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { TestJson } from '@/test/json';

// MCP Tasks through the SDK's own client: a task-augmented tools/call (the handle comes back at once), then
// tasks/get, tasks/result and tasks/cancel as the client's experimental API sends them.

export async function startTask(mcp: Client, name: string, args: Record<string, unknown>, ttl = 600_000) {
  const created = await mcp.request(
    { method: 'tools/call', params: { name, arguments: args, task: { ttl } } },
    CreateTaskResultSchema,
  );
  return created.task;
}

export async function taskResult(mcp: Client, taskId: string) {
  const result = await mcp.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
  return { ...result, structuredContent: (result.structuredContent ?? {}) as Record<string, TestJson> };
}

/** The MCP error a tasks/* request failed with (its message), or undefined when it succeeded. */
export async function refusal(request: Promise<unknown>): Promise<string | undefined> {
  try {
    await request;
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
