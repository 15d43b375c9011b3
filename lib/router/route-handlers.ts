import type { DocumentedHandler } from '@/lib/api/documented';
import type { RouteHandler } from '@/lib/api/route';
import type { DocumentedOperation, HttpMethod, Operation } from '@/lib/schemas/operation';
import { routeFiles } from './route-files';

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

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

/** The method handlers every route file under `v1Dir` (app/v1) exports, imported as Next.js would. */
export async function importRouteHandlers(v1Dir: string): Promise<ExportedHandler[]> {
  const handlers: ExportedHandler[] = [];
  for (const { file, openApiPath } of routeFiles(v1Dir)) {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const handler = module[method];
      if (typeof handler !== 'function' || 'methodNotAllowed' in handler) continue;
      const { operation, documentedOperation } = handler as Partial<RouteHandler & DocumentedHandler>;
      handlers.push({ file, openApiPath, method, operation, documentedOperation, handler: handler as RouteHandler });
    }
  }
  return handlers;
}
