import { type ExportedHandler, handlersOf } from './api-table';
import { routeFiles } from './route-files';

/** The method handlers every route file under `v1Dir` (app/v1) exports, imported as Next.js would. */
export async function importRouteHandlers(v1Dir: string): Promise<ExportedHandler[]> {
  const handlers: ExportedHandler[] = [];
  for (const { file, openApiPath } of routeFiles(v1Dir)) {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    handlers.push(...handlersOf({ file, openApiPath, module }));
  }
  return handlers;
}
