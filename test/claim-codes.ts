import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as registerRoute } from '@/app/v1/agents/register/route';
import { POST as mintRoute } from '@/app/v1/operators/me/agents/claim-code/route';
import { getDatabase } from '@/db/client';
import { agentClaimCodes } from '@/db/schema';
import { normalizeClaimCode } from '@/lib/auth/claim-code-format';
import { call, uniqueIp } from './http';

export type MintedClaimCode = { code: string; expiresAt: string; pasteSnippet: string };

/** A fresh dashboard claim code, minted through the API by the operator whose session is `token`. */
export async function mintClaimCodeViaApi(token: string): Promise<MintedClaimCode> {
  const res = await call(mintRoute, '/v1/operators/me/agents/claim-code', { token, ip: uniqueIp() });
  expect(res.status).toBe(201);
  return res.json.data;
}

/** POST /v1/agents/register from a fresh client address (or `ip`). */
export function registerAgentViaApi(body: unknown, ip = uniqueIp()) {
  return call(registerRoute, '/v1/agents/register', { body, ip });
}

/** Moves a claim code's expiry into the past, as if its 15 minutes had run out. */
export async function expireClaimCode(code: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(agentClaimCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(agentClaimCodes.code, normalizeClaimCode(code)));
}
