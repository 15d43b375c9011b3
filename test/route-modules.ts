import path from 'node:path';
import { routeFiles as routeFilesIn } from '@/lib/router/route-files';
import { importRouteHandlers } from '@/lib/router/route-handlers';

export type { ExportedHandler } from '@/lib/router/api-table';

const V1_DIR = path.resolve(__dirname, '../app/v1');

/** Every app/v1/**\/route.ts except the catch-all, with the OpenAPI path its folder stands for. */
export const routeFiles = () => routeFilesIn(V1_DIR);

/** The method handlers every app/v1 route file exports, imported as Next.js would. */
export const exportedHandlers = () => importRouteHandlers(V1_DIR);
