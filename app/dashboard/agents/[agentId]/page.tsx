import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { plural } from '@/components/format';
import { LocalTime } from '@/components/local-time';
import { Card } from '@/components/ui/card';
import { BarChart } from '@/components/ui/chart';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Stat } from '@/components/ui/stat';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import { getAgentSpending } from '@/lib/services/agents/get-agent-spending';
import { getAgentUsage } from '@/lib/services/agents/get-agent-usage';
import { listAgentTasks } from '@/lib/services/agents/list-agent-tasks';
import { listAgents } from '@/lib/services/agents/list-agents';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { SPENDING_CAP_HINT } from '../spending-cap-rule';
import { DeleteAgentForm, PauseSpendingForm, RenameForm, RotateKeysForm, SpendingCapForm } from './agent-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Agent' };

export default async function AgentPage({ params }: { params: Promise<{ agentId: string }> }) {
  const { agentId } = await params;
  const current = await requireBrowserUser(`/dashboard/agents/${agentId}`);
  const { db } = await getDatabase();
  const agent = (await listAgents(db, current.user.id)).find((item) => item.id === agentId);
  if (!agent) notFound();
  const [usage, spending, tasks] = await Promise.all([
    getAgentUsage(db, { operatorId: current.user.id, agentId }),
    getAgentSpending(db, { operatorId: current.user.id, agentId }),
    listAgentTasks(db, { operatorId: current.user.id, agentId, page: { limit: 20 } }),
  ]).catch((error) => {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  return (
    <div className="space-y-6">
      <PageHeader
        title={agent.name}
        titleTestId="agent-name"
        back={{ href: '/dashboard/agents', label: 'Agents' }}
        description={
          <>
            Created <LocalTime value={agent.createdAt} /> · {plural(agent.activeKeyCount, 'active key')}
            {agent.activeKeyExpiresAt && (
              <>
                , expiring <LocalTime value={agent.activeKeyExpiresAt} />
              </>
            )}{' '}
            · last active <LocalTime value={agent.lastActiveAt} fallback="never" />
          </>
        }
      />
      <section className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="agent-stats">
        <Stat label="Requests" value={usage.totalRequests} />
        <Stat label="Errors" value={usage.errorCount} />
        <Stat label="Avg latency" value={`${usage.avgLatencyMs} ms`} />
        <Stat label="Last 24 h" value={usage.last24hRequests} />
        <Stat label="Spent" value={formatMoney(spending.totalSpentCents)} testId="agent-spent" />
        <Stat label="Refunded" value={formatMoney(spending.totalChargedCents - spending.totalSpentCents)} />
        <Stat label="Active tasks" value={spending.activeTaskCount} />
        <Stat label="Completed tasks" value={spending.completedTaskCount} />
        <Stat label="Cap" value={agent.spendingLimitCents === null ? 'none' : formatMoney(agent.spendingLimitCents)} />
      </section>
      <Card title="Requests per day (last 14 days)">
        <BarChart
          label="Requests per day"
          testId="requests-chart"
          bars={usage.requestsPerDay.map((day) => ({
            key: day.date,
            label: day.date.slice(8),
            value: day.requests,
            title: `${day.date}: ${plural(day.requests, 'request')}`,
          }))}
        />
      </Card>
      <Card title="Settings" className="space-y-4">
        <RenameForm agentId={agent.id} name={agent.name} />
        <SpendingCapForm agentId={agent.id} capCents={agent.spendingLimitCents} hint={SPENDING_CAP_HINT} />
        {agent.spendingLimitCents !== 0 && <PauseSpendingForm agentId={agent.id} />}
        <RotateKeysForm agentId={agent.id} name={agent.name} />
        <DeleteAgentForm agentId={agent.id} name={agent.name} />
      </Card>
      <Card title="Tasks">
        {tasks.data.length === 0 ? (
          <EmptyState>No tasks yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {tasks.data.map((task) => (
              <li key={task.id} className="flex justify-between py-2">
                <span>{task.title}</span>
                <span className="text-stone-500">
                  {task.status} · {formatMoney(task.totalCents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
