import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POST as mcpPost } from '@/app/v1/mcp/route';
import { env } from '@/lib/env';
import { mcpOperation } from '@/lib/schemas/mcp';
import { SERVER_INFO } from '@/mcp/server';
import { SERVER_CARD_PATH, SERVER_CARD_SCHEMA } from '@/mcp/server-card';
import nextConfig from '@/next.config';
import { envelope } from '@/test/expect';
import { SERVER_CARD_REQUIRED, serverCardProblems } from '@/test/server-card-schema';
import { DELETE, GET, OPTIONS, POST } from './route';

// The MCP Server Card as Next serves it (next.config.ts rewrites the well-known path to this route file).

const site = env().SITE_URL.replace(/\/+$/, '');
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${site}${SERVER_CARD_PATH}`, { method, headers });

describe('GET /.well-known/mcp/server-card.json (Next)', () => {
  it('answers a valid Server Card naming this site’s MCP endpoint and its optional bearer header', async () => {
    const res = await GET(request('GET', { accept: 'application/mcp-server-card+json' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    const card = await res.json();

    expect(serverCardProblems(card)).toEqual([]);
    expect(serverCardProblems({ ...card, name: 'legwork' }), 'the schema is enforced').not.toEqual([]);
    expect(SERVER_CARD_REQUIRED.sort()).toEqual(['$schema', 'description', 'name', 'version']);
    expect(card).toMatchObject({
      $schema: SERVER_CARD_SCHEMA,
      name: `${new URL(site).hostname.split('.').reverse().join('.')}/legwork`,
      version: SERVER_INFO.version,
      title: 'Legwork',
      websiteUrl: `${site}/docs/agents`,
    });
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: `${site}${mcpOperation.path}`,
        headers: [expect.objectContaining({ name: 'Authorization', isRequired: false, isSecret: true })],
        supportedProtocolVersions: expect.arrayContaining(['2025-11-25', '2025-06-18']),
      },
    ]);
    expect(card.remotes[0].headers[0].value).toBe('Bearer {api_key}');
    const [stdio] = Object.values(card._meta).flat() as { identifier: string; transport: { type: string } }[];
    expect(stdio).toMatchObject({ registryType: 'npm', identifier: 'legwork-mcp', transport: { type: 'stdio' } });
  });

  it('names an endpoint that answers MCP as the card says: version and protocol revisions', async () => {
    const card = await (await GET(request('GET'))).json();
    const remote = card.remotes[0];
    const res = await mcpPost(
      new Request(remote.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: remote.supportedProtocolVersions[0],
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        }),
      }),
    );
    const data = (await res.text()).split('\n').find((line) => line.startsWith('data: ')) ?? '';
    const { result } = JSON.parse(data.slice('data: '.length));
    expect(result.protocolVersion).toBe(remote.supportedProtocolVersions[0]);
    expect(result.serverInfo).toMatchObject({ name: 'legwork', version: card.version });
  });

  it('answers 304 to its own ETag, and the card again to a stale one', async () => {
    const etag = (await GET(request('GET'))).headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const res = await GET(request('GET', { 'if-none-match': ifNoneMatch }));
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    const stale = await GET(request('GET', { 'if-none-match': '"stale"' }));
    expect(stale.status).toBe(200);
    expect(serverCardProblems(await stale.json())).toEqual([]);
  });

  it('answers a browser’s preflight, and any writing method 405 in the error envelope', async () => {
    const preflight = await OPTIONS(request('OPTIONS', { origin: 'https://agent.example' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type, If-None-Match');
    for (const handler of [POST, DELETE]) {
      const refused = await handler(request(handler === POST ? 'POST' : 'DELETE'));
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await refused.json()).toEqual(
        envelope('METHOD_NOT_ALLOWED', {
          message: `${handler === POST ? 'POST' : 'DELETE'} is not allowed on this path`,
          hint: 'Use GET; the card is a read-only document.',
        }),
      );
    }
  });

  it('is where next.config.ts sends the well-known path (Next routes no dot-folder)', async () => {
    expect(await nextConfig.rewrites?.()).toEqual([
      { source: SERVER_CARD_PATH, destination: '/well-known/mcp/server-card.json' },
    ]);
    expect(existsSync('app/well-known/mcp/server-card.json/route.ts')).toBe(true);
  });
});
