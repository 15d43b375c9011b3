import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

// MCP 2026-07-28 (SEP-2549, CacheableResult) requires `ttlMs` and `cacheScope` on a tools/list result; earlier
// revisions ignore the extra fields (results are open objects). The SDK (1.x) knows neither, so the list handler
// McpServer installs is wrapped as it is set. Every caller is offered the same tools, key or not: public. They
// change only with a deploy, and over stateless HTTP no list_changed notification can reach a client, so an hour.
export const TOOLS_LIST_CACHE = { ttlMs: 3_600_000, cacheScope: 'public' } as const;

type SetRequestHandler = (schema: unknown, handler: (...args: unknown[]) => unknown) => void;

/** Call before the first tool is registered: McpServer sets its tools/list handler then. */
export function hintToolsListCaching(server: McpServer): void {
  const inner = server.server as unknown as { setRequestHandler: SetRequestHandler };
  const setRequestHandler = inner.setRequestHandler.bind(inner);
  inner.setRequestHandler = (schema, handler) =>
    setRequestHandler(
      schema,
      schema === ListToolsRequestSchema
        ? async (...args) => ({ ...((await handler(...args)) as object), ...TOOLS_LIST_CACHE })
        : handler,
    );
}
