// `npm run -s routes:index`: writes app/v1/route-index.ts, the static list of route files MCP's in-process API
// routes to (lib/router/render-route-index.ts). Run it after adding or removing a route file; the freshness test
// (lib/router/route-index.test.ts) fails until you do.
import { writeFileSync } from 'node:fs';
import { ROUTE_INDEX_FILE, ROUTE_INDEX_PATH, renderRouteIndex } from '../lib/router/render-route-index';

writeFileSync(ROUTE_INDEX_FILE, renderRouteIndex());
console.log(`wrote ${ROUTE_INDEX_PATH}`);
