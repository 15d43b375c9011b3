import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { GET as pollRoute } from '@/app/v1/agents/claim/[claimToken]/route';
import { POST as proposeRoute } from '@/app/v1/tasks/propose/route';
import { getDatabase } from '@/db/client';
import { taskClaims } from '@/db/schema';
import { CLAIMED_KEY_PURPOSE } from '@/lib/auth/claim-tokens';
import { unseal } from '@/lib/auth/secret-box';
import { sha256Hex } from '@/lib/auth/tokens';
import { call, uniqueIp } from './http';

// Helpers for the cold start: POST /v1/tasks/propose, the agent's poll and the claim row behind them.

export type Proposal = {
  task: Record<string, unknown> & { id: string; title: string; totalCents: number; requesterId: string };
  humanClaimUrl: string;
  claimToken: string;
  claimExpiresAt: string;
  pollUrl: string;
  /** The secret in `humanClaimUrl` (what the claim page receives). */
  humanToken: string;
};

/** POST /v1/tasks/propose from a fresh client address (or `ip`), whatever it answers. */
export function proposeTaskViaApi(body: unknown, ip = uniqueIp()) {
  return call(proposeRoute, '/v1/tasks/propose', { body, ip });
}

/** A proposal that succeeded (201). */
export async function proposeTask(task: Record<string, unknown> = { title: 'Check the mailbox' }): Promise<Proposal> {
  const res = await proposeTaskViaApi({ task });
  expect(res.status).toBe(201);
  return { ...res.json.data, humanToken: humanTokenOf(res.json.data.humanClaimUrl) };
}

export const humanTokenOf = (humanClaimUrl: string) => humanClaimUrl.slice(humanClaimUrl.lastIndexOf('/') + 1);

/** GET /v1/agents/claim/{claimToken} from a fresh client address. */
export function pollClaimViaApi(claimToken: string) {
  return call(pollRoute, `/v1/agents/claim/${claimToken}`, { params: { claimToken }, ip: uniqueIp() });
}

export async function claimRow(claimToken: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(taskClaims)
    .where(eq(taskClaims.claimTokenHash, sha256Hex(claimToken)));
  if (!row) throw new Error('no claim for this token');
  return row;
}

/** The parked key in clear, read the way the delivering poll reads it (tests only). */
export async function parkedKeyOf(claimToken: string): Promise<string> {
  const row = await claimRow(claimToken);
  if (!row.sealedKey) throw new Error('the key was already delivered');
  return unseal(CLAIMED_KEY_PURPOSE, row.sealedKey);
}

/** Moves a claim's expiry into the past, as if its 7 days had run out. */
export async function expireClaim(claimToken: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(taskClaims)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(taskClaims.claimTokenHash, sha256Hex(claimToken)));
}
