import type { DocumentedHandler } from '@/lib/api/documented';
import type { RouteHandler } from '@/lib/api/route';
import type { DocumentedOperation, HttpMethod, Operation } from '@/lib/schemas/operation';
import { RouteTable } from './route-table';

// The /v1 route table built from route files' modules: by the API router from the files it imports at boot, and by
// MCP's route (app/v1/mcp/route.ts) from the static index app/v1/route-index.ts. No file system here, no import by
// a computed path: Next bundles this for the MCP route.

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One route file: where it is, the OpenAPI path its folder stands for, and what it exports. */
export type RouteModule = { file: string; openApiPath: string; module: Record<string, unknown> };

/** One exported method handler of a route file; otherMethods() 405 answers are not operations and are left out. */
export type ExportedHandler = {
  file: string;
  openApiPath: string;
  method: HttpMethod;
  /** Set when the handler is built with route(): then `handler` is that RouteHandler. */
  operation?: Operation;
  /** Set when the handler is built with documented() (outside the REST pipeline). */
  documentedOperation?: DocumentedOperation;
  handler: RouteHandler;
};

/** A route file's handler: route()'s carry `answer`, documented() ones (MCP) only make a Response. */
export type Routed = {
  handler: ((...args: Parameters<RouteHandler>) => Promise<Response>) & { answer?: RouteHandler['answer'] };
  operationId: string;
};

/** Route files as the generated index lists them, by OpenAPI path: `/v1/tasks/{id}` is app/v1/tasks/[id]/route.ts. */
export function routeModulesOf(routes: [openApiPath: string, module: Record<string, unknown>][]): RouteModule[] {
  return routes.map(([openApiPath, module]) => ({
    file: `app/v1${openApiPath.slice('/v1'.length).replace(/\{(\w+)\}/g, '[$1]')}/route.ts`,
    openApiPath,
    module,
  }));
}

/** The method handlers a route file exports, as Next.js would serve them. */
export function handlersOf({ file, openApiPath, module }: RouteModule): ExportedHandler[] {
  const handlers: ExportedHandler[] = [];
  for (const method of HTTP_METHODS) {
    const handler = module[method];
    if (typeof handler !== 'function' || 'methodNotAllowed' in handler) continue;
    const { operation, documentedOperation } = handler as Partial<RouteHandler & DocumentedHandler>;
    handlers.push({ file, openApiPath, method, operation, documentedOperation, handler: handler as RouteHandler });
  }
  return handlers;
}

/** Routes each handler by its operation's method and path; throws when one serves another path than its folder. */
export function apiTableOf(handlers: ExportedHandler[]): RouteTable<Routed> {
  const table = new RouteTable<Routed>(HTTP_METHODS);
  for (const { file, openApiPath, method, operation, documentedOperation, handler } of handlers) {
    const declared = operation ?? documentedOperation;
    if (!declared) throw new Error(`${file}: ${method} is built neither with route() nor with documented()`);
    if (declared.method !== method || declared.path !== openApiPath) {
      throw new Error(`${file}: ${method} serves ${declared.method} ${declared.path}, not ${method} ${openApiPath}`);
    }
    table.add(method, declared.path, { handler, operationId: declared.operationId });
  }
  return table;
}

export function matchApiPath(table: RouteTable<Routed>, method: string, pathname: string) {
  try {
    return table.match(method, pathname);
  } catch {
    return { kind: 'not-found' as const }; // a malformed escape in an id: no such resource (Next answered 500)
  }
}
