import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/database';

/**
 * Serialises the submits that look for reused photos and record their own, until commit: without it two
 * submissions of one photo for two tasks at the same moment each miss the other's uncommitted row, and both
 * pass. One key for all, since a near-duplicate has no key of its own; the wait is one submit's transaction.
 */
export async function lockProofPhotos(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('proof-photos', 0))`);
}
