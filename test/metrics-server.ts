import { once } from 'node:events';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startMetricsServer } from '@/lib/metrics/metrics-endpoint';

/** `startMetricsServer` on a free loopback port for the file's tests; `target.url` is its /metrics once they run. */
export function metricsServerForFile(): { url: string } {
  const target = { url: '' };
  let server: http.Server;
  beforeAll(async () => {
    server = startMetricsServer({ port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    target.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return target;
}
