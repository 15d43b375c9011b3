import { readdirSync } from 'node:fs';
import path from 'node:path';

export type RouteFile = { file: string; openApiPath: string };

/**
 * Every `route.ts` under `v1Dir` (app/v1) except the catch-all, with the OpenAPI path its folder stands for:
 * `app/v1/tasks/[id]/route.ts` -> `/v1/tasks/{id}`.
 */
export function routeFiles(v1Dir: string): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('[...')) continue;
        walk(path.join(dir, entry.name));
      } else if (entry.name === 'route.ts') {
        const segments = path.relative(v1Dir, dir).split(path.sep).filter(Boolean);
        const converted = segments.map((segment) => segment.replace(/^\[(\w+)\]$/, '{$1}'));
        found.push({ file: path.join(dir, entry.name), openApiPath: ['/v1', ...converted].join('/') });
      }
    }
  };
  walk(v1Dir);
  return found.sort((a, b) => a.openApiPath.localeCompare(b.openApiPath));
}
