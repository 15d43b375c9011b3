import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listUsageLogsOperation } from '../../lib/schemas/usage';
import { defineTool, success, type ToolContext } from '../tool-kit';

// An agent's own request log: GET /v1/operators/me/usage/logs with the agent's key answers that key's rows only.

const query = listUsageLogsOperation.query.shape;

type LogRow = { at: string; method: string; route: string; status: number; latencyMs: number };

export function registerUsageTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'get_usage', {
    title: 'Your recent API requests and errors',
    description:
      'The requests made with your own API key over the last 7 days (or `from`/`to`, at most 31 days), newest ' +
      'first: time, method, route template, status and latency. Pass `status: "4xx"` or `"5xx"` to see only what ' +
      'failed, `route` for one operation (`/v1/tasks/{id}`). The log is written in batches, so a request shows up ' +
      'about a second later. Paginated: pass `nextCursor` back as `page_cursor`. Read-only, free.',
    input: z.strictObject({
      status: query.status,
      route: query.route,
      from: query.from,
      to: query.to,
      limit: query.limit,
      page_cursor: query.cursor,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const { page_cursor: cursor, ...filters } = args;
      const params = Object.fromEntries(
        Object.entries({ ...filters, cursor }).filter(([, value]) => value !== undefined),
      );
      const page = await client.GET('/v1/operators/me/usage/logs', { params: { query: params }, signal });
      const rows = page.data as LogRow[];
      const lines = rows.map((row) => `${row.at} ${row.method} ${row.route} → ${row.status} (${row.latencyMs} ms)`);
      if (page.hasMore) lines.push(`More: call again with page_cursor "${page.nextCursor}".`);
      return success(
        { requests: rows, nextCursor: page.nextCursor, hasMore: page.hasMore },
        lines.length ? lines.join('\n') : 'No requests match.',
      );
    },
  });
}
