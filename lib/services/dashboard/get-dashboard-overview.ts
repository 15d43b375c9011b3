import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { execute } from '@/db/execute';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { getWallet } from '@/lib/services/money/get-wallet';
import { listTasks } from '@/lib/services/tasks/list-tasks';

/** How far back a failed webhook delivery still asks for attention. */
const FAILED_DELIVERY_DAYS = 7;
const NEEDS_ACTION_LIMIT = 10;
const RECENT_LIMIT = 5;

export type DashboardOverview = Awaited<ReturnType<typeof getDashboardOverview>>;

type SetupRow = { has_agent: boolean; has_task: boolean; listed: boolean };
type FailedRow = { endpoint_id: string; url: string; failed: number };

// Each part is one indexed read.
export async function getDashboardOverview(db: Db, processor: PaymentProcessor, userId: string) {
  const [wallet, setup, submitted, disputed, failed, recent] = await Promise.all([
    getWallet(db, processor, userId),
    execute<SetupRow>(
      db,
      sql`select
        exists (select 1 from users where owner_id = ${userId} and type = 'agent') as has_agent,
        exists (select 1 from tasks where requester_id = ${userId}) as has_task,
        coalesce((select is_listed from worker_profiles where user_id = ${userId}), false) as listed`,
    ),
    listTasks(db, userId, { limit: NEEDS_ACTION_LIMIT, role: 'requester', status: ['submitted'] }),
    listTasks(db, userId, { limit: NEEDS_ACTION_LIMIT, status: ['disputed'] }),
    execute<FailedRow>(
      db,
      sql`select e.id as endpoint_id, e.url, f.failed::int as failed
        from webhook_endpoints e
        cross join lateral (select count(*) as failed from webhook_deliveries d
          where d.endpoint_id = e.id and d.status = 'failed'
            and d.created_at > now() - make_interval(days => ${FAILED_DELIVERY_DAYS})) f
        where e.deleted_at is null and f.failed > 0
          and (e.owner_id = ${userId}
            or e.owner_id in (select id from users where owner_id = ${userId} and type = 'agent'))
        order by e.created_at desc, e.id desc`,
    ),
    listTasks(db, userId, { limit: RECENT_LIMIT, role: 'requester' }),
  ]);
  const flags = setup[0] ?? { has_agent: false, has_task: false, listed: false };
  return {
    checklist: {
      hasCard: wallet.paymentMethod !== null,
      hasAgentOrTask: Boolean(flags.has_agent) || Boolean(flags.has_task),
      isListed: Boolean(flags.listed),
    },
    needsAction: {
      submitted: submitted.data,
      disputed: disputed.data,
      failedWebhooks: failed.map((row) => ({ endpointId: row.endpoint_id, url: row.url, failed: Number(row.failed) })),
    },
    recent: recent.data,
  };
}
