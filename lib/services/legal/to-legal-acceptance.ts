import type { LegalAcceptance } from '@/db/schema';
import type { LegalSlug } from '@/lib/schemas/legal';

/** The one serializer for acceptance rows. */
export function toLegalAcceptance(row: LegalAcceptance) {
  return {
    user: row.userId,
    slug: row.slug as LegalSlug,
    version: row.version,
    at: row.acceptedAt.toISOString(),
    ip: row.ip,
  };
}
