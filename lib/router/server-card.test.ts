import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/well-known/mcp/server-card.json/route';
import { acceptedHosts } from '@/lib/config/allowed-hosts';
import { env } from '@/lib/env';
import { SERVER_CARD_PATH } from '@/mcp/server-card';
import { rawExchange } from '@/test/raw-exchange';
import { serverCardProblems } from '@/test/server-card-schema';
import { ApiRouter } from './api-router';
import { mainListener } from './main-listener';

// The MCP Server Card as server.ts serves it, on a real socket: answered before Next, the very answer Next's route
// handler gives.

const nextSaw: string[] = [];
let base = '';
let server: http.Server;

beforeAll(async () => {
  const api = await ApiRouter.load(path.resolve('app/v1'), { hostname: '127.0.0.1' });
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    nextSaw.push(req.url ?? '');
    res.writeHead(299, { 'content-type': 'text/plain' }); // stands for Next
    res.end('next');
  };
  server = http.createServer(mainListener({ api, next, hosts: acceptedHosts('https://legwork.test', []) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise((resolve) => server.close(resolve)));

const ask = (method: string, url: string, headers: Record<string, string> = {}) =>
  rawExchange(base, url, { method, headers: { host: 'legwork.test', ...headers } });

describe('the MCP Server Card under npm start', () => {
  it('is served without Next, byte for byte what the Next route answers, with its headers', async () => {
    nextSaw.length = 0;
    const answer = await ask('GET', SERVER_CARD_PATH, { accept: 'application/mcp-server-card+json' });
    expect(answer.status).toBe(200);
    const fromNext = await GET(new Request(`https://legwork.test${SERVER_CARD_PATH}`));
    expect(answer.body.toString('utf8')).toBe(await fromNext.text());
    for (const name of ['content-type', 'cache-control', 'etag', 'access-control-allow-origin']) {
      expect(answer.headers[name], name).toBe(fromNext.headers.get(name));
    }
    expect(answer.headers['content-type']).toBe('application/mcp-server-card+json');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    const card = JSON.parse(answer.body.toString('utf8'));
    expect(serverCardProblems(card)).toEqual([]);
    expect(card.remotes[0]).toMatchObject({
      type: 'streamable-http',
      url: `${env().SITE_URL.replace(/\/+$/, '')}/v1/mcp`,
    });
    expect(nextSaw).toEqual([]);
  });

  it('answers HEAD with the headers only, a query string alike, 304 to its ETag and 405 to a POST', async () => {
    const head = await ask('HEAD', SERVER_CARD_PATH);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers.etag);
    expect((await ask('GET', `${SERVER_CARD_PATH}?v=1`)).status).toBe(200);
    const unchanged = await ask('GET', SERVER_CARD_PATH, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    const preflight = await ask('OPTIONS', SERVER_CARD_PATH, { origin: 'https://agent.example' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const posted = await rawExchange(base, SERVER_CARD_PATH, {
      method: 'POST',
      headers: { host: 'legwork.test', 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(posted.status).toBe(405);
    expect(JSON.parse(posted.body.toString('utf8')).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('leaves the plain alias, other well-known paths and a trailing slash to Next', async () => {
    nextSaw.length = 0;
    for (const url of ['/well-known/mcp/server-card.json', '/.well-known/mcp/other.json', `${SERVER_CARD_PATH}/`]) {
      expect((await ask('GET', url)).status, url).toBe(299);
    }
    expect(nextSaw).toHaveLength(3);
  });
});
