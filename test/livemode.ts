import { randomUUID } from 'node:crypto';
import { getDatabase } from '@/db/client';
import { payoutAccounts } from '@/db/schema';

// Live-mode fixtures: a deployment with a live processor, and a live worker on it. Nothing here calls Stripe:
// the checks read the configured key's mode and the stored payout account only.

/** A deployment whose processor is live (withEnv(LIVE_DEPLOYMENT, …)): `deploymentLivemode()` is true. */
export const LIVE_DEPLOYMENT = { STRIPE_SECRET_KEY: 'sk_live_livemodemismatchtest' };

/** Makes `userId` a live worker: a live-mode payout account (stored as the processor's webhook would leave it). */
export async function makeLiveWorker(userId: string) {
  const { db } = await getDatabase();
  await db.insert(payoutAccounts).values({
    userId,
    livemode: true,
    processor: 'stripe',
    accountId: `acct_live_${randomUUID().slice(0, 12)}`,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
  });
}
