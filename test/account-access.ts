import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { GET as getMe } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { agentClaimCodes, taskClaims, webhookEndpoints } from '@/db/schema';
import { generateClaimCode } from '@/lib/auth/claim-code-format';
import { sha256Hex } from '@/lib/auth/tokens';
import { insertTask } from './agents';
import { insertApiKey, insertUser } from './factories';
import { call, uniqueIp } from './http';

// What an account may hold from before its address was proved: rows written directly, as the API wrote them before
// an unverified account was refused keys, agents, claim codes and webhook endpoints, or as the claim page's one-time
// flow (the cold start) still does.

const stamp = () => randomBytes(16).toString('hex');

/** A webhook endpoint row of `ownerId`, as POST /v1/webhooks stored it. */
async function insertEndpoint(ownerId: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ownerId, url: 'https://hooks.example.com/legwork', secret: 'sealed', livemode: false })
    .returning();
  if (!row) throw new Error('endpoint insert failed');
  return row;
}

/**
 * For the human `userId`: its own key, an agent with a key, a webhook endpoint of each, a live claim code, and an
 * agent it claimed on the claim page (the cold start) with that agent's key.
 */
export async function insertAccountAccess(userId: string) {
  const { db } = await getDatabase();
  const ownKey = await insertApiKey(db, { userId, scopes: ['webhooks:manage'] });
  const agent = await insertUser(db, { type: 'agent', ownerId: userId, email: null, name: 'Squatter agent' });
  const agentKey = await insertApiKey(db, { userId: agent.id, scopes: ['webhooks:manage'] });
  const ownEndpoint = await insertEndpoint(userId);
  const agentEndpoint = await insertEndpoint(agent.id);
  const code = generateClaimCode();
  await db.insert(agentClaimCodes).values({ code, ownerId: userId, expiresAt: new Date(Date.now() + 15 * 60_000) });

  const claimed = await insertUser(db, { type: 'agent', ownerId: userId, email: null, name: 'Proposed agent' });
  const claimedKey = await insertApiKey(db, { userId: claimed.id, scopes: ['tasks:read'] });
  const task = await insertTask(claimed.id);
  await db.insert(taskClaims).values({
    kind: 'agent',
    agentId: claimed.id,
    taskId: task.id,
    apiKeyId: claimedKey.row.id,
    claimTokenHash: sha256Hex(stamp()),
    humanTokenHash: sha256Hex(stamp()),
    expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    claimedAt: new Date(),
    claimedBy: userId,
  });
  return {
    ownKey: ownKey.key,
    agentKey: agentKey.key,
    claimedAgentKey: claimedKey.key,
    endpointIds: [ownEndpoint.id, agentEndpoint.id],
    code,
  };
}

/** The status GET /v1/users/me answers for a session token or API key: 200 while it works, 401 once revoked. */
export async function statusWith(token: string) {
  return (await call(getMe, '/v1/users/me', { token, ip: uniqueIp() })).status;
}

/** The endpoints' `disabled_reason`s (null = still active), in the order of `ids`. */
export async function disabledReasons(ids: string[]) {
  const { db } = await getDatabase();
  const rows = await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.disabledReason ?? null);
}

/** Whether the claim code row is still there. */
export async function claimCodeExists(code: string) {
  const { db } = await getDatabase();
  return (await db.select().from(agentClaimCodes).where(eq(agentClaimCodes.code, code))).length > 0;
}
