import { eq } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import { legalAcceptances } from '@/db/schema';

/** A user's recorded acceptances (slug, version, ip), by slug. */
export async function acceptancesOf(userId: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId));
  return rows.map(({ slug, version, ip }) => ({ slug, version, ip })).sort((a, b) => a.slug.localeCompare(b.slug));
}
