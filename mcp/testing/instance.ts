// One Legwork API instance as its own process, for mcp/wait-tasks.pg.test.ts: every /v1 route (MCP's included),
// routed as server.ts routes them, on its own pool to DATABASE_URL and its own LISTEN, with the wait watcher the
// background jobs run. Prints `ready <port>` once it listens; SIGKILL is the crash the test means.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getDatabase } from '@/db/client';
import { trustPeerHeader } from '@/lib/config/client-address';
import { ApiRouter } from '@/lib/router/api-router';
import { watchWaits } from '@/lib/services/waits/sweep-waits';

trustPeerHeader();
const api = await ApiRouter.load(path.join(process.cwd(), 'app/v1'), { hostname: '127.0.0.1' });
await watchWaits(await getDatabase());
const server = http.createServer((req, res) => {
  if (!api.serve(req, res)) res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => console.log(`ready ${(server.address() as AddressInfo).port}`));
