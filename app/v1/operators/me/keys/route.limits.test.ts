import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as createAgent } from '@/app/v1/operators/me/agents/route';
import { getDatabase } from '@/db/client';
import { agentClaimCodes, apiKeys, users } from '@/db/schema';
import { normalizeClaimCode } from '@/lib/auth/claim-code-format';
import { createAgentViaApi } from '@/test/agents';
import { mintClaimCodeViaApi, registerAgentViaApi } from '@/test/claim-codes';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { insertApiKey, storedRateLimit } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as rotateAgentKey } from '../agents/[agentId]/keys/route';
import { DELETE as revoke } from './[keyId]/route';
import { POST as create } from './route';

const operator = () => signUpViaApi('op');
// Live keys: the cap counts only those, and a deployment without Stripe would default to test keys.
const createKey = (token: string, body: Record<string, unknown> = { name: 'k' }) =>
  call(create, '/v1/operators/me/keys', { token, body: { mode: 'live', ...body } });

const overCeiling = (ceiling: number) =>
  envelope('VALIDATION_ERROR', {
    hint: `Keys of this account may allow at most ${ceiling} requests per minute. Ask for ${ceiling} or less, or ask an admin to raise the ceiling.`,
    details: { rateLimitCeiling: ceiling },
    issues: [{ path: ['rateLimitPerMinute'], message: `Must be at most ${ceiling}, this account’s ceiling` }],
  });

const tooManyKeys = (cap: number) =>
  envelope('TOO_MANY_KEYS', {
    message: `This account already has ${cap} live API keys`,
    hint: `An operator holds at most ${cap} live keys, its agents’ keys included. Revoke keys you no longer use (DELETE /v1/operators/me/keys/{keyId}) or delete unused agents, then try again.`,
    details: { maxLiveKeys: cap },
  });

describe('API key rate-limit ceiling', () => {
  it('refuses a limit above the default ceiling of 6,000 with a 400 naming it; 6,000 itself is accepted', async () => {
    const { token } = await operator();
    const refused = await createKey(token, { name: 'greedy', rateLimitPerMinute: 100_000 });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual(overCeiling(6000));
    expect((await createKey(token, { name: 'just', rateLimitPerMinute: 6001 })).json).toEqual(overCeiling(6000));
    const atCeiling = await createKey(token, { name: 'max', rateLimitPerMinute: 6000 });
    expect(atCeiling.status).toBe(201);
    expect(atCeiling.json.data.rateLimitPerMinute).toBe(6000);
  });

  it('a raised ceiling allows more; a lower one also lowers the default of new keys and agents’ keys', async () => {
    const { token, userId } = await operator();
    const { db } = await getDatabase();
    await db.update(users).set({ keyRateLimitCeiling: 20_000 }).where(eq(users.id, userId));
    expect((await createKey(token, { name: 'fast', rateLimitPerMinute: 20_000 })).status).toBe(201);
    expect((await createKey(token, { name: 'faster', rateLimitPerMinute: 20_001 })).json).toEqual(overCeiling(20_000));

    await db.update(users).set({ keyRateLimitCeiling: 100 }).where(eq(users.id, userId));
    const plain = await createKey(token);
    expect(plain.json.data.rateLimitPerMinute).toBe(100);
    const agent = await createAgentViaApi(token);
    expect(await storedRateLimit(db, agent.keyId)).toBe(100);
  });

  it('KEY_RATE_LIMIT_CEILING sets the default ceiling for operators without their own', async () => {
    const { token } = await operator();
    await withEnv({ KEY_RATE_LIMIT_CEILING: '50' }, async () => {
      expect((await createKey(token, { name: 'k', rateLimitPerMinute: 51 })).json).toEqual(overCeiling(50));
      expect((await createKey(token)).json.data.rateLimitPerMinute).toBe(50);
    });
  });
});

describe('live API keys per operator', () => {
  it('counts the operator’s and its agents’ live keys; every way to add one answers 400 at the cap', async () => {
    const { token, userId } = await operator();
    const { db } = await getDatabase();
    // Dead keys do not count: revoked, expired, or rotated (a successor exists).
    await insertApiKey(db, { userId, revokedAt: new Date() });
    await insertApiKey(db, { userId, expiresAt: new Date(Date.now() - 1000) });
    const rotated = await insertApiKey(db, { userId, expiresAt: new Date(Date.now() + 60_000) });
    await db.update(apiKeys).set({ replacedBy: rotated.row.id }).where(eq(apiKeys.id, rotated.row.id));

    await withEnv({ MAX_LIVE_KEYS_PER_OPERATOR: '3' }, async () => {
      const first = await createKey(token);
      expect(first.status).toBe(201);
      expect((await createKey(token)).status).toBe(201);
      const agent = await createAgentViaApi(token);

      const refused = await createKey(token);
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual(tooManyKeys(3));

      const agentsBefore = await db.select().from(users).where(eq(users.ownerId, userId));
      const noAgent = await call(createAgent, '/v1/operators/me/agents', { token, body: { name: 'One too many' } });
      expect(noAgent.json).toEqual(tooManyKeys(3));
      expect(await db.select().from(users).where(eq(users.ownerId, userId))).toHaveLength(agentsBefore.length);

      const { code } = await mintClaimCodeViaApi(token);
      const registered = await registerAgentViaApi({ code, name: 'Late' });
      expect(registered.status).toBe(400);
      expect(registered.json).toEqual(tooManyKeys(3));
      const [claim] = await db
        .select()
        .from(agentClaimCodes)
        .where(eq(agentClaimCodes.code, normalizeClaimCode(code)));
      expect(claim?.claimedAt).toBeNull();

      // Replacing an agent's key keeps the count, so it works at the cap.
      const rotatedAgent = await call(rotateAgentKey, `/v1/operators/me/agents/${agent.id}/keys`, {
        token,
        params: { agentId: agent.id },
      });
      expect(rotatedAgent.status).toBe(201);

      await call(revoke, `/v1/operators/me/keys/${first.json.data.id}`, {
        token,
        params: { keyId: first.json.data.id },
      });
      expect((await registerAgentViaApi({ code, name: 'Late' })).status).toBe(201);
    });
  });

  it('concurrent creations never pass the cap', async () => {
    const { token, userId } = await operator();
    await withEnv({ MAX_LIVE_KEYS_PER_OPERATOR: '3' }, async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => createKey(token)));
      expect(results.filter((res) => res.status === 201)).toHaveLength(3);
      expect(results.filter((res) => res.status === 400).map((res) => res.json)).toEqual(
        Array.from({ length: 5 }, () => tooManyKeys(3)),
      );
    });
    const { db } = await getDatabase();
    const [live] = await db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(eq(apiKeys.userId, userId));
    expect(live?.n).toBe(3);
  });
});
