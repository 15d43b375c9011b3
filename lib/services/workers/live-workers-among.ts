import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutAccounts } from '@/db/schema';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { SANDBOX_WORKER_ID } from './sandbox-worker-id';

// A live worker set up to be paid real money: test money never reaches them (docs/payments.md, "Test mode and
// live workers"). Always empty on a test deployment, where no such account can exist; so it costs no query there.
export async function liveWorkersAmong(db: Executor, userIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(userIds)].filter((id) => id !== SANDBOX_WORKER_ID);
  if (ids.length === 0 || !deploymentLivemode()) return new Set();
  const rows = await db
    .selectDistinct({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(and(inArray(payoutAccounts.userId, ids), eq(payoutAccounts.livemode, true)));
  return new Set(rows.map((row) => row.userId));
}
