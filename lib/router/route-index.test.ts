import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules } from '@/app/v1/route-index';
import { MCP_ROUTE, ROUTE_INDEX_FILE, ROUTE_INDEX_PATH, renderRouteIndex } from './render-route-index';
import { routeFiles } from './route-files';

// MCP's in-process API routes through app/v1/route-index.ts: it must list exactly the route files the router
// imports at boot (routeFiles), MCP's own aside, or a tool would reach a path under `npm start` and 404 under Next.
describe('app/v1/route-index.ts', () => {
  it('is what the generator makes today (run `npm run -s routes:index` when this fails)', () => {
    expect(readFileSync(ROUTE_INDEX_FILE, 'utf8'), `${ROUTE_INDEX_PATH} is stale`).toBe(renderRouteIndex());
  });

  it('lists every route file the router imports, MCP’s own aside, each with its own module', async () => {
    const files = routeFiles(path.resolve('app/v1')).filter(({ openApiPath }) => openApiPath !== MCP_ROUTE);
    expect(routeModules.map(({ file, openApiPath }) => ({ file: path.resolve(file), openApiPath }))).toEqual(files);
    for (const { file, module } of routeModules) expect(module, file).toBe(await import(path.resolve(file)));
  });
});
