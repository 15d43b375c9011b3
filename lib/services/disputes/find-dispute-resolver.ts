import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { disputes, users } from '@/db/schema';

export type FindDisputeResolverOptions = { disputeId: string };

// Not in the API's dispute resource: the parties are told the outcome, not which staff member decided it.
export async function findDisputeResolver(db: Executor, { disputeId }: FindDisputeResolverOptions) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(disputes)
    .innerJoin(users, eq(users.id, disputes.resolvedById))
    .where(eq(disputes.id, disputeId));
  return row ?? null;
}
