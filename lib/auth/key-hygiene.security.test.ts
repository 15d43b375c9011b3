import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as rotateAgentKeyRoute } from '@/app/v1/operators/me/agents/[agentId]/keys/route';
import { POST as createAgentRoute, GET as listAgentsRoute } from '@/app/v1/operators/me/agents/route';
import { DELETE as revokeKeyRoute } from '@/app/v1/operators/me/keys/[keyId]/route';
import { POST as rotateSelfRoute } from '@/app/v1/operators/me/keys/rotate-self/route';
import { POST as createKeyRoute, GET as listKeysRoute } from '@/app/v1/operators/me/keys/route';
import { GET as operatorRoute } from '@/app/v1/operators/me/route';
import { getDatabase } from '@/db/client';
import { flushUsageLog } from '@/lib/api/usage-log';
import { captureLogs, restoreLogs } from '@/test/capture-logs';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';

// Keys never appear in logs, lists, error messages or stored rows: only the one response that creates a
// key carries it. Every log line written during a whole key lifecycle (at debug level) is captured.
describe('API key hygiene', () => {
  let logged: string[];

  beforeEach(() => {
    logged = captureLogs('debug');
  });

  afterEach(restoreLogs);

  it('shows each key once and nowhere else', async () => {
    const operator = await signUpViaApi('hygiene');
    const created = await call(createKeyRoute, '/v1/operators/me/keys', {
      token: operator.token,
      body: { name: 'server', mode: 'live' },
      headers: { 'idempotency-key': `hygiene-${Date.now()}` },
    });
    expect(created.status).toBe(201);
    const operatorKey: string = created.json.data.key;
    const agent = await call(createAgentRoute, '/v1/operators/me/agents', {
      token: operator.token,
      body: { name: 'A' },
    });
    const agentKey: string = agent.json.data.apiKey.key;
    const agentId: string = agent.json.data.agent.id;

    // Use them, rotate, revoke, and use them again after revocation.
    expect((await call(operatorRoute, '/v1/operators/me', { token: agentKey })).status).toBe(200);
    const rotated = await call(rotateSelfRoute, '/v1/operators/me/keys/rotate-self', { token: operatorKey });
    const rotatedKey: string = rotated.json.data.key;
    const reissued = await call(rotateAgentKeyRoute, `/v1/operators/me/agents/${agentId}/keys`, {
      token: operator.token,
      params: { agentId },
    });
    const reissuedKey: string = reissued.json.data.key;
    await call(revokeKeyRoute, `/v1/operators/me/keys/${rotated.json.data.id}`, {
      token: operator.token,
      params: { keyId: rotated.json.data.id },
    });
    const refusals = await Promise.all(
      [agentKey, rotatedKey].map((token) => call(operatorRoute, '/v1/operators/me', { token, ip: uniqueIp() })),
    );
    expect(refusals.map((res) => res.status)).toEqual([401, 401]);
    // Not in the session-only refusal of an API key either.
    const forbidden = await call(listKeysRoute, '/v1/operators/me/keys', { token: reissuedKey });
    expect(forbidden.status).toBe(403);

    const lists = await Promise.all([
      call(listKeysRoute, '/v1/operators/me/keys', { token: operator.token }),
      call(listAgentsRoute, '/v1/operators/me/agents', { token: operator.token }),
    ]);
    await flushUsageLog();

    const keys = [operatorKey, agentKey, rotatedKey, reissuedKey];
    const database = await getDatabase();
    const [stored] = await database.query<{ dump: string }>(
      'key_hygiene_dump',
      `select (select coalesce(string_agg(t::text, ''), '') from idempotency_keys t)
        || (select coalesce(string_agg(t::text, ''), '') from api_keys t)
        || (select coalesce(string_agg(t::text, ''), '') from api_request_log t) as dump`,
      [],
    );
    const everywhere = [
      ...refusals.map((res) => res.text),
      forbidden.text,
      ...lists.map((res) => res.text),
      logged.join(''),
      stored?.dump ?? '',
    ];
    for (const key of keys) {
      expect(key).toMatch(/^lgw_(live|test)_/);
      for (const text of everywhere) expect(text).not.toContain(key);
      // Not even the secret part without the prefix.
      for (const text of everywhere) expect(text).not.toContain(key.slice(9, 30));
    }
    expect(stored?.dump.length).toBeGreaterThan(0);
  });
});
