import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutAccounts } from '@/db/schema';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { SANDBOX_WORKER_ID } from './sandbox-worker-id';

/**
 * Which of `userIds` are live workers: on a deployment with a live processor (`deploymentLivemode`), a user other
 * than the sandbox worker with a live-mode payout account, whatever its state: someone who set up to be paid
 * real money, as every worker listed from a browser there has. Test money never reaches them (docs/payments.md,
 * "Test mode and live workers"). Always empty on a test deployment (no key, or an `sk_test_` one), where no such
 * account can exist and the rule does not apply; so it costs no query there.
 */
export async function liveWorkersAmong(db: Executor, userIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(userIds)].filter((id) => id !== SANDBOX_WORKER_ID);
  if (ids.length === 0 || !deploymentLivemode()) return new Set();
  const rows = await db
    .selectDistinct({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(and(inArray(payoutAccounts.userId, ids), eq(payoutAccounts.livemode, true)));
  return new Set(rows.map((row) => row.userId));
}
