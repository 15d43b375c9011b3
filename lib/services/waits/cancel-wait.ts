import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { agentWaits } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { loadOwnedWait } from './read-wait';
import { toWaitResource } from './to-wait-resource';
import type { WaitOwner } from './wait-owner';

export type CancelWaitOptions = { owner: WaitOwner; id: string };

/** Cancels a working wait; cancelling it again answers the same. A wait that finished otherwise is a 409. */
export async function cancelWait(database: Database, options: CancelWaitOptions) {
  const { db } = database;
  const wait = await loadOwnedWait(database, options);
  const [cancelled] = await db
    .update(agentWaits)
    .set({ status: 'cancelled', statusMessage: 'Cancelled by the caller.', updatedAt: sql`now()` })
    .where(and(eq(agentWaits.id, wait.id), eq(agentWaits.status, 'working')))
    .returning();
  const current = cancelled ?? (await loadOwnedWait(database, options));
  if (current.status !== 'cancelled') {
    throw new ApiError('CONFLICT', {
      message: `The wait already ended (${current.status})`,
      hint: 'Read it with GET for its result; only a working wait can be cancelled.',
    });
  }
  return toWaitResource(db, current);
}
