import { eq } from 'drizzle-orm';
import { apiKeys, tasks, users } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { claimRow, type Proposal } from './cold-start';
import { paymentsSetup } from './payments';

// What the tests of the claim page's last step (lib/services/claims/complete-claim*.test.ts) share.

export const CLAIM_TOTAL = 2_875; // The default proposal: 2,500 cents + the 15% fee.
export const INSUFFICIENT_FUNDS_CARD = '4000 0000 0000 9995';
/** What the claim's side effects look like now: agent owner, key parked, task status, claim fields. */
export async function claimState(proposal: Proposal) {
  const { db } = await paymentsSetup();
  const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
  const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
  const claim = await claimRow(proposal.claimToken);
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.id, claim.apiKeyId ?? ''));
  return {
    ownerId: agent?.ownerId,
    parked: key?.parked,
    taskStatus: task?.status,
    publishedAt: task?.publishedAt,
    claimedAt: claim.claimedAt,
    claimedBy: claim.claimedBy,
  };
}

export const UNCLAIMED = {
  ownerId: null,
  parked: true,
  taskStatus: 'draft',
  publishedAt: null,
  claimedAt: null,
  claimedBy: null,
};

export function chargeLedger(taskId: string, payerId: string, reference: string | null) {
  return [
    {
      kind: 'charge',
      key: `test:task:${taskId}:charge`,
      reference,
      livemode: false,
      entries: [
        { account: ledgerAccount.requesterFunding('test', payerId), amountCents: -CLAIM_TOTAL },
        { account: ledgerAccount.escrow('test', taskId), amountCents: CLAIM_TOTAL },
      ],
    },
  ];
}
