import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedHosts, parseAllowedHosts } from '@/lib/config/allowed-hosts';
import { envelope } from '@/test/expect';
import { rawExchange } from '@/test/raw-exchange';
import { ApiRouter } from './api-router';
import { mainListener } from './main-listener';

// What server.ts serves, on a real socket: the site's hosts get the API and Next; any other Host is 421 in the error
// envelope before anything runs; /metrics on the main port keeps answering its token whatever the Host.

const METRICS_TOKEN = 'main-listener-metrics-token';
const nextSaw: string[] = [];
let base = '';
let server: http.Server;

beforeAll(async () => {
  const api = await ApiRouter.load(path.resolve('app/v1'), { hostname: '127.0.0.1' });
  const hosts = acceptedHosts('https://legwork.test', parseAllowedHosts('www.legwork.test,10.0.0.5:3000'));
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    nextSaw.push(`${req.headers.host} ${req.url}`);
    res.writeHead(299, { 'content-type': 'text/plain' }); // stands for Next
    res.end('next');
  };
  server = http.createServer(mainListener({ api, next, hosts, metricsToken: METRICS_TOKEN }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (url: string, headers: Record<string, string>) => rawExchange(base, url, { headers });
const json = (body: Buffer) => JSON.parse(body.toString('utf8'));

describe('the main listener', () => {
  it('serves SITE_URL’s host and the ALLOWED_HOSTS aliases', async () => {
    for (const host of ['legwork.test', 'LEGWORK.test:443', 'www.legwork.test', '10.0.0.5:3000']) {
      const health = await get('/v1/health', { host });
      expect(health.status, host).toBe(200);
      expect(json(health.body), host).toEqual({ status: 'ok' });
    }
    expect((await get('/dashboard', { host: 'www.legwork.test' })).status).toBe(299);
  });

  it('answers any other Host 421 in the error envelope, before the API or Next runs', async () => {
    nextSaw.length = 0;
    const { port } = new URL(base);
    for (const host of [`127.0.0.1:${port}`, 'evil.example', '10.0.0.5:3001']) {
      for (const url of ['/v1/health', '/v1/mcp', '/dashboard']) {
        const answer = await rawExchange(base, url, {
          method: url === '/v1/mcp' ? 'POST' : 'GET',
          headers: { host, 'content-type': 'application/json' },
          body: url === '/v1/mcp' ? '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' : undefined,
        });
        expect(answer.status, `${host} ${url}`).toBe(421);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(json(answer.body)).toEqual(envelope('MISDIRECTED_REQUEST', { details: { host } }));
      }
    }
    expect(nextSaw).toEqual([]);
  });

  it('sends the frame headers before Next, with the sandboxing CSP on /uploads/ (Next keeps these over a route’s own)', async () => {
    const page = await get('/dashboard', { host: 'legwork.test' });
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    for (const url of ['/uploads/00000000-0000-4000-8000-000000000000', '/uploads/x?download=1']) {
      const file = await get(url, { host: 'legwork.test' });
      expect(file.status, url).toBe(299);
      expect(file.headers['content-security-policy'], url).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
      expect(file.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('still serves /metrics on the main port for its token, whatever Host a scraper names', async () => {
    const scraped = await get('/metrics', { host: '10.9.8.7:3000', authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.status).toBe(200);
    const refused = await get('/metrics', { host: '10.9.8.7:3000' });
    expect(refused.status).toBe(401);
    expect(json(refused.body).error.code).toBe('UNAUTHORIZED');
  });
});
