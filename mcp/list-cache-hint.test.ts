import { describe, expect, it } from 'vitest';
import { POST } from '@/app/v1/mcp/route';
import { getDatabase } from '@/db/client';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { insertApiKey } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { TOOLS_LIST_CACHE } from './list-cache-hint';
import { connectForEachTest } from './testing/connect';

// tools/list carries MCP 2026-07-28's cache hint (SEP-2549: `ttlMs`, `cacheScope`), on the wire over Streamable HTTP
// and through an SDK client in memory (as over stdio); no other result does.

/** One stateless JSON-RPC request to POST /v1/mcp, its answer read out of the event stream. */
async function rpc(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await POST(
    new Request('http://localhost:3000/v1/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        [PEER_ADDRESS_HEADER]: uniqueIp(),
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    }),
  );
  expect(res.status).toBe(200);
  const data = (await res.text()).split('\n').find((line) => line.startsWith('data: ')) ?? '';
  const message = JSON.parse(data.slice('data: '.length));
  expect(message).toMatchObject({ jsonrpc: '2.0', id: 7 });
  return message.result as Record<string, unknown> & { tools?: { name: string }[] };
}

const connect = connectForEachTest();

describe('the tools/list cache hint', () => {
  it('is an hour, public, on the HTTP endpoint’s answer, whose tools are the same with a key or without', async () => {
    expect(TOOLS_LIST_CACHE).toEqual({ ttlMs: 3_600_000, cacheScope: 'public' });
    const anonymous = await rpc('tools/list', {});
    expect(anonymous.ttlMs).toBe(3_600_000);
    expect(anonymous.cacheScope).toBe('public');
    expect(anonymous.tools?.length).toBeGreaterThan(0);

    // "public" lets a shared cache serve one caller's list to another: true only while a key changes nothing.
    const operator = await signUpViaApi('operator');
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId: operator.userId, mode: 'test', scopes: ['tasks:read'] });
    const keyed = await rpc('tools/list', {}, { authorization: `Bearer ${key}` });
    expect(keyed).toEqual(anonymous);
  });

  it('reaches an SDK client (the stdio server is the same factory), and no other result carries it', async () => {
    const { mcp } = await connect();
    const listed = await mcp.listTools();
    expect(listed).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });

    const initialized = await rpc('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(initialized.serverInfo).toMatchObject({ name: 'legwork' });
    expect(initialized).not.toHaveProperty('ttlMs');
    const called = await rpc('tools/call', { name: 'get_task', arguments: { task_id: 'x' } });
    expect(called).not.toHaveProperty('ttlMs');
    expect(called).not.toHaveProperty('cacheScope');
  });
});
