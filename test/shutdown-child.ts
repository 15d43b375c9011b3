// A process that shuts down as server.ts does, for lib/http/shutdown-process.test.ts: real signals, a real exit.
// GET /wait parks on a realtime hub (a long poll without a database), POST /echo answers once its body is read.
// Prints `ready <port>` when it listens. SHUTDOWN_GRACE_SECONDS sets the grace period.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onShutdownSignals, shutDownGracefully } from '@/lib/http/graceful-shutdown';
import { ServerDrain } from '@/lib/http/server-drain';
import { Hub } from '@/lib/realtime/hub';

const hub = new Hub({ channel: 'test' });
const server = http.createServer();
const drain = new ServerDrain(server);
server.on(
  'request',
  drain.listener(async (req, res) => {
    if (req.url === '/wait') {
      const subscription = await hub.subscribe('thread');
      res.writeHead(200, { 'content-type': 'application/json' });
      await subscription.next(60_000);
      subscription.close();
      return void res.end(JSON.stringify({ data: [] }));
    }
    let bytes = 0;
    for await (const chunk of req) bytes += (chunk as Buffer).length;
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { bytes } }));
  }),
);
const graceMs = Number(process.env.SHUTDOWN_GRACE_SECONDS) * 1000;
onShutdownSignals(() => shutDownGracefully({ servers: [drain], graceMs }), { hardLimitMs: graceMs + 1_500 });
server.listen(0, '127.0.0.1', () => console.log(`ready ${(server.address() as AddressInfo).port}`));
