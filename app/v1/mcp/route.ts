import { GET as getUpload } from '@/app/uploads/[id]/route';
import { documented } from '@/lib/api/documented';
import { otherMethods } from '@/lib/api/other-methods';
import { env } from '@/lib/env';
import { inProcessApi } from '@/lib/router/in-process';
import { mcpOperation } from '@/lib/schemas/mcp';
import { handleMcpRequest } from '@/mcp/http';
import { routeModules } from '../route-index';

// Not built with route(): this endpoint speaks JSON-RPC (MCP Streamable HTTP) and answers with an SSE stream or a
// JSON-RPC object rather than the `{data}`/error envelope. Each tool call goes through the REST pipeline itself,
// with the caller's Bearer key and address, in this process: the route files' handlers, from the static index
// (route-index.ts, which leaves this file out). No tool call is an HTTP request. The OpenAPI document describes it
// from mcpOperation.

export const dynamic = 'force-dynamic';
// A wait lasts at most 50 s; serverless platforms must not cut it short.
export const maxDuration = 60;

const dispatch = inProcessApi(routeModules, getUpload);

// POST /v1/mcp — the MCP tools over Streamable HTTP (stateless)
export const POST = documented(mcpOperation, (request) =>
  handleMcpRequest(request, { dispatch, allowedOrigins: [new URL(env().SITE_URL).origin] }),
);

// Stateless: no GET stream, no session to DELETE.
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST: POST as never });
