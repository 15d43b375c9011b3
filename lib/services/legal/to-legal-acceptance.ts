import type { LegalAcceptance } from '@/db/schema';
import type { LegalSlug } from '@/lib/schemas/legal';

export function toLegalAcceptance(row: LegalAcceptance) {
  return {
    user: row.userId,
    slug: row.slug as LegalSlug,
    version: row.version,
    at: row.acceptedAt.toISOString(),
    ip: row.ip,
  };
}
