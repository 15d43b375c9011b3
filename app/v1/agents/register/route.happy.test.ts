import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { GET as getMe } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { agentClaimCodes, apiKeys, users } from '@/db/schema';
import { normalizeClaimCode } from '@/lib/auth/claim-code-format';
import { SCOPES } from '@/lib/auth/scopes';
import { sha256Hex } from '@/lib/auth/tokens';
import { env } from '@/lib/env';
import { mintClaimCodeViaApi, registerAgentViaApi } from '@/test/claim-codes';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /v1/agents/register: happy path', () => {
  it('answers 201 {agent, apiKey, claimUrl}; the agent is the operator’s and its key answers the operator profile', async () => {
    const operator = await signUpViaApi('register');
    const { code } = await mintClaimCodeViaApi(operator.token);

    const res = await registerAgentViaApi({ code, name: 'Scout' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      data: {
        agent: { id: expect.stringMatching(UUID), name: 'Scout' },
        apiKey: { key: expect.stringMatching(/^lgw_test_[0-9A-Za-z]{38}$/), keyPrefix: expect.any(String) },
        claimUrl: `${env().SITE_URL}/dashboard/agents`,
      },
    });
    const { agent, apiKey } = res.json.data;
    expect(apiKey.keyPrefix).toBe(apiKey.key.slice(0, 12));

    const profile = await call(getOperator, '/v1/operators/me', { token: apiKey.key, ip: uniqueIp() });
    expect(profile.status).toBe(200);
    const me = await call(getMe, '/v1/users/me', { token: operator.token, ip: uniqueIp() });
    expect(profile.json.data).toEqual({
      id: operator.userId,
      name: me.json.data.name,
      email: me.json.data.email,
      userType: 'human',
      createdAt: me.json.data.createdAt,
      activeKeyCount: 0,
    });

    const { db } = await getDatabase();
    const [agentRow] = await db.select().from(users).where(eq(users.id, agent.id));
    expect(agentRow).toMatchObject({ type: 'agent', ownerId: operator.userId, name: 'Scout', email: null });
    const keyRows = await db.select().from(apiKeys).where(eq(apiKeys.userId, agent.id));
    expect(keyRows).toHaveLength(1);
    expect(keyRows[0]).toMatchObject({
      keyHash: sha256Hex(apiKey.key),
      keyPrefix: apiKey.keyPrefix,
      mode: 'test',
      scopes: [...SCOPES],
      parked: false,
      revokedAt: null,
      expiresAt: null,
    });
    expect(JSON.stringify(keyRows[0])).not.toContain(apiKey.key);
    const [codeRow] = await db
      .select()
      .from(agentClaimCodes)
      .where(eq(agentClaimCodes.code, normalizeClaimCode(code)));
    expect(codeRow).toMatchObject({ ownerId: operator.userId, agentId: agent.id, claimedAt: expect.any(Date) });
  });

  it('accepts the code in lower case, without its dash, and trims the name', async () => {
    const operator = await signUpViaApi('register-forms');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const res = await registerAgentViaApi({ code: code.replace('-', '').toLowerCase(), name: '  Lowercase bot  ' });
    expect(res.status).toBe(201);
    expect(res.json.data.agent.name).toBe('Lowercase bot');
    const { db } = await getDatabase();
    const [agentRow] = await db.select().from(users).where(eq(users.id, res.json.data.agent.id));
    expect(agentRow).toMatchObject({ ownerId: operator.userId, name: 'Lowercase bot' });
  });

  it('one operator can register several agents, one code each', async () => {
    const operator = await signUpViaApi('register-many');
    const ids = [];
    for (const name of ['One', 'Two']) {
      const { code } = await mintClaimCodeViaApi(operator.token);
      const res = await registerAgentViaApi({ code, name });
      expect(res.status).toBe(201);
      ids.push(res.json.data.agent.id);
    }
    const { db } = await getDatabase();
    const owned = await db.select({ id: users.id }).from(users).where(eq(users.ownerId, operator.userId));
    expect(owned.map((row) => row.id).sort()).toEqual([...ids].sort());
  });
});
