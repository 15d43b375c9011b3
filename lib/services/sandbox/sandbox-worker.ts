import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { processorForTask } from '@/lib/payments/get-processor';
import { completeTestOnboarding } from '@/lib/payments/test-mode/complete-test-flows';
import { findPayoutAccount } from '@/lib/services/money/find-payout-account';
import { startPayoutOnboarding } from '@/lib/services/money/start-payout-onboarding';
import { SANDBOX_WORKER_ID } from '@/lib/services/workers/sandbox-worker-id';

// A fixed id, so no sign-up can become it; no email, password, key or profile, so nobody signs in as it and no
// search lists it; a test-mode payout account, so approving its work pays it like anyone else.

export { SANDBOX_WORKER_ID };
export const SANDBOX_WORKER_NAME = 'Legwork sandbox worker';

/** Concurrent first uses agree on the one row. */
export async function ensureSandboxWorker(db: Db): Promise<ActorUser> {
  let [user] = await db.select().from(users).where(eq(users.id, SANDBOX_WORKER_ID));
  if (!user) {
    await db
      .insert(users)
      .values({ id: SANDBOX_WORKER_ID, email: null, name: SANDBOX_WORKER_NAME, type: 'human' })
      .onConflictDoNothing();
    [user] = await db.select().from(users).where(eq(users.id, SANDBOX_WORKER_ID));
    if (!user) throw new Error('sandbox worker row missing after insert');
  }
  const actor: ActorUser = {
    id: user.id,
    email: null,
    emailVerified: false,
    name: user.name,
    type: 'human',
    ownerId: null,
    createdAt: user.createdAt,
  };
  await ensurePayable(db, actor);
  return actor;
}

async function ensurePayable(db: Db, worker: ActorUser) {
  const processor = processorForTask(db, { livemode: false });
  const account = await findPayoutAccount(db, worker.id, processor);
  if (account?.payoutsEnabled) return;
  const back = `${env().SITE_URL}/docs`;
  const { onboardingUrl } = await startPayoutOnboarding(db, {
    processor,
    user: worker,
    returnUrl: back,
    refreshUrl: back,
  });
  await completeTestOnboarding(db, onboardingUrl.split('/').pop() ?? '');
}
