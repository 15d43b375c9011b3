// `npm start`: the production server. Every canonical /v1 request goes to the API router (lib/router), built at
// boot from the route files under app/v1: the same route handlers Next serves under `next dev`, called straight
// from node:http without Next's per-request machinery, which costs about 85% of an API request's CPU and holds
// ~60 KB for as long as a request is open (a long poll). Next serves the pages, the auth routes and everything else.
// See docs/performance.md "The API router".
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { getDatabase } from '@/db/client';
import { flushUsageLog } from '@/lib/api/usage-log';
import { acceptedHosts } from '@/lib/config/allowed-hosts';
import { isTrustedPeer, trustPeerHeader } from '@/lib/config/client-address';
import { stopBackgroundJobs } from '@/lib/jobs/start-background-jobs';
import { env } from './lib/env';
import { answerClientErrors } from './lib/http/client-error';
import { limitConnectionsPerAddress } from './lib/http/connection-limit';
import { onShutdownSignals, shutDownGracefully } from './lib/http/graceful-shutdown';
import { ServerDrain } from './lib/http/server-drain';
import { SERVER_TIMEOUTS } from './lib/http/server-timeouts';
import { logger } from './lib/logger';
import { startMetricsServer } from './lib/metrics/metrics-endpoint';
import { observeApiRequest } from './lib/metrics/registry';
import { ApiRouter } from './lib/router/api-router';
import { mainListener } from './lib/router/main-listener';

// The client address is the TCP peer (DESIGN §4 "Client address"): this server writes it into PEER_ADDRESS_HEADER
// of every request, the router's and Next's alike, after dropping any copy the client sent; the pipeline reads that
// header only in a process that said so here.
trustPeerHeader();

const { port, hostname } = listenAddress(process.argv.slice(2));
const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
const api = await ApiRouter.load(path.join(import.meta.dirname, 'app/v1'), { hostname, observe: observeApiRequest });
// Read after app.prepare(): Next settles NODE_ENV there, and the parsed environment is cached.
const { MAX_CONNECTIONS_PER_IP, TRUSTED_PROXIES, METRICS_PORT, METRICS_TOKEN, SITE_URL, ALLOWED_HOSTS } = env();
const graceMs = env().SHUTDOWN_GRACE_SECONDS * 1000;

// A request is answered only for the site's own hosts (421 otherwise; docs/security.md "Host").
const hosts = acceptedHosts(SITE_URL, ALLOWED_HOSTS);
const server = http.createServer(SERVER_TIMEOUTS);
const drain = new ServerDrain(server);
server.on('request', drain.listener(mainListener({ api, next: handle, hosts, metricsToken: METRICS_TOKEN })));
answerClientErrors(server);
limitConnectionsPerAddress(server, {
  maxPerAddress: MAX_CONNECTIONS_PER_IP,
  exempt: (address) => isTrustedPeer(address, TRUSTED_PROXIES),
});
server.listen(port, hostname, () => logger.info(`ready on http://${hostname}:${port}`));
// Prometheus's own port, without authentication (docs/operations.md "Metrics"): on METRICS_HOST, the loopback by
// default, never simply wherever the main server listens.
const metricsServer = METRICS_PORT
  ? startMetricsServer({ port: METRICS_PORT, hostname: env().METRICS_HOST })
  : undefined;
metricsServer?.on('error', (error) => logger.error('the metrics port could not be served', { error, METRICS_PORT }));
// A deploy (docs/operations.md "Deploying"): drain, let requests and job rounds finish within the grace period,
// write the buffered usage log, close the pools, exit 0. A second signal exits at once.
onShutdownSignals(
  () =>
    shutDownGracefully({
      servers: [drain],
      graceMs,
      stopJobs: stopBackgroundJobs,
      finally: [
        { name: 'closing the metrics port', run: async () => metricsServer?.close() },
        { name: 'flushing the usage log', run: flushUsageLog },
        { name: 'closing the database', run: async () => (await getDatabase()).close() },
      ],
    }),
  { hardLimitMs: graceMs + 1_500 },
);

/** `-p/--port` and `-H/--hostname` as `next start` takes them, else PORT / HOSTNAME, else 3000 on all addresses. */
function listenAddress(args: string[]): { port: number; hostname: string } {
  const option = (short: string, long: string) => {
    const index = args.findIndex((arg) => arg === short || arg === long);
    return index >= 0 ? args[index + 1] : undefined;
  };
  return {
    port: Number(option('-p', '--port') ?? process.env.PORT ?? 3000),
    hostname: option('-H', '--hostname') ?? process.env.HOSTNAME ?? '0.0.0.0',
  };
}
