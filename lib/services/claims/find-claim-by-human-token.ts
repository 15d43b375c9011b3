import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskClaims, tasks } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';

export type ClaimState = 'open' | 'expired' | 'claimed';

export async function findClaimByHumanToken(db: Executor, humanToken: string) {
  if (!/^[0-9A-Za-z]{43}$/.test(humanToken)) return undefined;
  const [row] = await db
    .select({ claim: taskClaims, task: tasks })
    .from(taskClaims)
    .innerJoin(tasks, eq(tasks.id, taskClaims.taskId))
    .where(eq(taskClaims.humanTokenHash, sha256Hex(humanToken)));
  if (!row) return undefined;
  const state: ClaimState = row.claim.claimedAt ? 'claimed' : row.claim.expiresAt > new Date() ? 'open' : 'expired';
  return { ...row, state };
}
