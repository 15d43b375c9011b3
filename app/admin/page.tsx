import type { Metadata } from 'next';
import Link from 'next/link';
import { compactDollars } from '@/components/format';
import { LocalTime } from '@/components/local-time';
import { queryHref } from '@/components/query-href';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { Card } from '@/components/ui/card';
import { BarChart } from '@/components/ui/chart';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Stat } from '@/components/ui/stat';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { getAdminDailySeries } from '@/lib/services/admin/get-admin-daily-series';
import { getAdminStats } from '@/lib/services/admin/get-admin-stats';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { describeAccounts } from './account-counts';
import { gmvBars, taskBars } from './daily-bars';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Admin overview' };

// The console's front page (the same figures as GET /v1/admin/stats): how big the service is, what waits for
// staff, whether the ledger balances, and the last 30 days of tasks and money.
export default async function AdminOverviewPage() {
  await requireAdmin('/admin');
  const { db } = await getDatabase();
  const [stats, series] = await Promise.all([getAdminStats(db), getAdminDailySeries(db, { days: 30 })]);
  const mode = stats.livemode ? 'live' : 'test';
  return (
    <div className="space-y-6">
      <PageHeader
        title="Overview"
        description={`The whole service; tasks and money count ${mode}-mode activity, the last 30 days where marked.`}
      />
      <div className="space-y-4" data-testid="admin-stats">
        <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat
            label="Users"
            testId="stat-users"
            value={stats.users}
            detail={describeAccounts(stats)}
            href="/admin/users"
          />
          <Stat label="Listed workers" testId="stat-listed-workers" value={stats.listedWorkers} />
          <Stat label="GMV (30 d)" testId="stat-gmv" value={formatMoney(stats.gmvCents30d)} />
          <Stat label="Fees (30 d)" testId="stat-fees" value={formatMoney(stats.feesCents30d)} />
          <Stat
            label="Open disputes"
            testId="stat-open-disputes"
            value={stats.openDisputes}
            href="/admin/disputes"
            tone={stats.openDisputes > 0 ? 'alert' : undefined}
          />
          <Stat
            label="Open SMS intake"
            testId="stat-open-intake"
            value={stats.openIntake}
            href="/admin/intake?status=open"
          />
          <Stat
            label="Failing webhook endpoints"
            testId="stat-failing-webhooks"
            value={stats.failingWebhookEndpoints}
            tone={stats.failingWebhookEndpoints > 0 ? 'alert' : undefined}
          />
        </section>
        <Card title="Tasks by status">
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {Object.entries(stats.tasksByStatus).map(([status, count]) => (
              <li key={status} data-testid={`tasks-${status}`}>
                <Link href={queryHref('/admin/tasks', { status })} className="flex items-center gap-1.5">
                  <TaskStatusBadge status={status} />
                  <span className="font-medium">{count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card title="Ledger" testId="ledger-check">
        {stats.ledger.balanced ? (
          <Notice tone="success">
            Ledger balanced · checked <LocalTime value={stats.ledger.checkedAt} />
          </Notice>
        ) : (
          <Notice tone="error">
            The ledger does not balance (checked <LocalTime value={stats.ledger.checkedAt} />
            ): a transaction does not sum to zero or an account broke its sign rule. Run{' '}
            <code>npm run ledger:check</code> to name them.
          </Notice>
        )}
      </Card>
      <Card title="Tasks per day" description="Tasks created, last 30 days (UTC).">
        <BarChart label="Tasks created per day, last 30 days" bars={taskBars(series)} testId="tasks-chart" />
      </Card>
      <Card title="GMV per day" description="Money charged for tasks, last 30 days (UTC).">
        <BarChart label="GMV per day, last 30 days" bars={gmvBars(series)} format={compactDollars} testId="gmv-chart" />
      </Card>
    </div>
  );
}
