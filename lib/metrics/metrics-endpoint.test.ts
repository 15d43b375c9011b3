import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { withEnv } from '@/test/env';
import { parsePrometheusText } from '@/test/prometheus';
import { metricsOnMainPort, startMetricsServer } from './metrics-endpoint';

// A main server as server.ts would run it: metricsOnMainPort first, anything it leaves is "the app" (418 here).
const TOKEN = 'metrics-token-0123456789abcdef';
let configured: string | undefined = TOKEN;
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (metricsOnMainPort(req, res, configured)) return;
    res.writeHead(418, { 'content-type': 'text/plain' });
    res.end('the app');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, authorization?: string) =>
  fetch(base + path, { headers: authorization ? { authorization } : {} });

describe('metricsOnMainPort', () => {
  it('serves the metrics for the configured bearer token, query string allowed', async () => {
    for (const path of ['/metrics', '/metrics?x=1']) {
      const response = await get(path, `Bearer ${TOKEN}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const metrics = parsePrometheusText(await response.text());
      expect(metrics.families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
      expect(metrics.families.get('legwork_api_requests_total')?.type).toBe('counter');
    }
  });

  it('answers 401 in the API error envelope without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await get('/metrics', authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const body = await response.json();
      expect(body).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Authentication required', hint: expect.any(String) },
      });
      expect(body.error.hint).toMatch(/METRICS_TOKEN/);
    }
  });

  it('leaves every other path to the app', async () => {
    for (const path of ['/', '/metricsx', '/metrics/', '/v1/metrics', '/v1/health']) {
      const response = await get(path, `Bearer ${TOKEN}`);
      expect(response.status).toBe(418);
    }
  });

  it('leaves /metrics to the app when no token is configured', async () => {
    configured = undefined;
    try {
      expect((await get('/metrics')).status).toBe(418);
      expect((await get('/metrics', `Bearer ${TOKEN}`)).status).toBe(418);
    } finally {
      configured = TOKEN;
    }
  });
});

describe('the metrics port', () => {
  it('listens on 127.0.0.1 unless told another address, and METRICS_HOST is 127.0.0.1 by default', async () => {
    const server = startMetricsServer({ port: 0 });
    try {
      await once(server, 'listening');
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await withEnv({ METRICS_HOST: undefined }, async () => env().METRICS_HOST)).toBe('127.0.0.1');
    expect(await withEnv({ METRICS_HOST: '0.0.0.0' }, async () => env().METRICS_HOST)).toBe('0.0.0.0');
    expect(await withEnv({ METRICS_HOST: '::1' }, async () => env().METRICS_HOST)).toBe('::1');
    await expect(withEnv({ METRICS_HOST: 'http://0.0.0.0:9464' }, async () => env())).rejects.toThrow(
      /METRICS_HOST: must be an address to listen on/,
    );
  });
});

describe('METRICS_PORT and METRICS_TOKEN', () => {
  const read = (vars: Record<string, string | undefined>) =>
    withEnv(vars, async () => {
      const { METRICS_PORT, METRICS_TOKEN } = env();
      return { METRICS_PORT, METRICS_TOKEN };
    });

  it('are off unless set, and take a port and a token of 16 characters or more', async () => {
    expect(await read({ METRICS_PORT: undefined, METRICS_TOKEN: undefined })).toEqual({});
    expect(await read({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })).toEqual({
      METRICS_PORT: 9464,
      METRICS_TOKEN: TOKEN,
    });
  });

  it('refuse a bad value with a message naming the variable', async () => {
    await expect(read({ METRICS_PORT: '70000' })).rejects.toThrow(/METRICS_PORT: must be at most 65535/);
    await expect(read({ METRICS_PORT: 'nine' })).rejects.toThrow(/METRICS_PORT: must be a number/);
    await expect(read({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
