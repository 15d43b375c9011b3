import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DocumentedHandler } from '@/lib/api/documented';
import type { RouteHandler } from '@/lib/api/route';
import type { DocumentedOperation, HttpMethod, Operation } from '@/lib/schemas/operation';

const V1_DIR = path.resolve(__dirname, '../app/v1');
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type RouteFile = { file: string; openApiPath: string };

/** Every app/v1/**\/route.ts except the catch-all, with the OpenAPI path its folder stands for. */
export function routeFiles(): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('[...')) continue;
        walk(path.join(dir, entry.name));
      } else if (entry.name === 'route.ts') {
        const segments = path.relative(V1_DIR, dir).split(path.sep).filter(Boolean);
        const converted = segments.map((segment) => segment.replace(/^\[(\w+)\]$/, '{$1}'));
        found.push({ file: path.join(dir, entry.name), openApiPath: ['/v1', ...converted].join('/') });
      }
    }
  };
  walk(V1_DIR);
  return found.sort((a, b) => a.openApiPath.localeCompare(b.openApiPath));
}

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

/** The method handlers every app/v1 route file exports, imported as Next.js would. */
export async function exportedHandlers(): Promise<ExportedHandler[]> {
  const handlers: ExportedHandler[] = [];
  for (const { file, openApiPath } of routeFiles()) {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = module[method];
      if (typeof handler !== 'function' || 'methodNotAllowed' in handler) continue;
      const { operation, documentedOperation } = handler as Partial<RouteHandler & DocumentedHandler>;
      handlers.push({ file, openApiPath, method, operation, documentedOperation, handler: handler as RouteHandler });
    }
  }
  return handlers;
}
