import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import type { LegalSlug } from '@/lib/schemas/legal';
import { type LegalDocuments, legalDocuments } from './legal-documents';

export type FindPendingLegalOptions = { userId: string; documents?: LegalDocuments };

export async function findPendingLegal(db: Executor, options: FindPendingLegalOptions): Promise<LegalSlug[]> {
  const { userId, documents = legalDocuments() } = options;
  const [row] = await execute<{ isWorker: boolean; accepted: string[] }>(
    db,
    sql`select exists (select 1 from worker_profiles w where w.user_id = ${userId}) as "isWorker",
          array(select a.slug || ' ' || a.version from legal_acceptances a where a.user_id = ${userId}) as accepted`,
  );
  const accepted = new Set(row?.accepted ?? []);
  const required: LegalSlug[] = row?.isWorker ? ['terms', 'privacy', 'worker-agreement'] : ['terms', 'privacy'];
  return required.filter((slug) => !accepted.has(`${slug} ${documents[slug].version}`));
}
