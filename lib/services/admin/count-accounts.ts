import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';

export type AccountCounts = { people: number; agents: number };

// Deleted accounts (an operator's removed agents) are left out, as in the users figure they add up to.
export async function countAccounts(db: Executor): Promise<AccountCounts> {
  const [row] = await execute<{ people: string; agents: string }>(
    db,
    sql`select
      count(*) filter (where type = 'human')::text as people,
      count(*) filter (where type = 'agent')::text as agents
    from users where deleted_at is null`,
  );
  return { people: Number(row?.people ?? 0), agents: Number(row?.agents ?? 0) };
}
