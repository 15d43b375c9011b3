import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterActions } from '@/components/filter-actions';
import { LocalTime } from '@/components/local-time';
import { queryHref } from '@/components/query-href';
import { Card } from '@/components/ui/card';
import { BarChart } from '@/components/ui/chart';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, SelectField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { USAGE_LOG_DEFAULT_DAYS, USAGE_SUMMARY_DEFAULT_DAYS, usageRange } from '@/lib/schemas/usage';
import { listAgents } from '@/lib/services/agents/list-agents';
import { listApiKeys } from '@/lib/services/operators/list-api-keys';
import { listUsageLogs } from '@/lib/services/usage/list-usage-logs';
import { summarizeUsage } from '@/lib/services/usage/summarize-usage';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { type UsageSearchParams, usageFilters } from './usage-filters';
import { UsageGroupTable } from './usage-group-table';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Usage' };

// Requests made with the operator's keys and its agents' keys (the same services as /v1/operators/me/usage/*):
// per day, per agent, per key, and the log itself, filtered by a GET form.
export default async function UsagePage({ searchParams }: { searchParams: Promise<UsageSearchParams> }) {
  const current = await requireBrowserUser('/dashboard/usage');
  const { form, query, error } = usageFilters(await searchParams);
  const { db } = await getDatabase();
  const viewer = { operatorId: current.user.id };
  const range = usageRange(query, USAGE_SUMMARY_DEFAULT_DAYS);
  const [days, agents, keys, log, agentList, keyList] = await Promise.all([
    summarizeUsage(db, viewer, { ...range, groupBy: 'day' }),
    summarizeUsage(db, viewer, { ...range, groupBy: 'agent' }),
    summarizeUsage(db, viewer, { ...range, groupBy: 'key' }),
    listUsageLogs(db, viewer, { ...query, ...usageRange(query, USAGE_LOG_DEFAULT_DAYS) }),
    listAgents(db, current.user.id),
    listApiKeys(db, current.user.id),
  ]);
  const names = new Map<string, string>([
    ...agentList.map((agent): [string, string] => [agent.id, agent.name ?? agent.id]),
    ...keyList.map((key): [string, string] => [key.id, key.name]),
  ]);
  const bars = (value: (day: (typeof days)[number]) => number, noun: string) =>
    days.map((day) => ({
      key: day.group,
      label: day.group.slice(5),
      value: value(day),
      title: `${day.group}: ${value(day)} ${noun}`,
    }));
  const filtered = Object.entries(form).some(([name, value]) => name !== 'cursor' && value !== '');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Usage"
        description="Every request made with your API keys and your agents’ keys, kept 30 days (about a second late)."
      />
      <Card
        title="Requests and errors per day"
        description="UTC days; errors are answers with a status of 400 or more."
      >
        {days.length === 0 ? (
          <EmptyState testId="usage-chart">No requests in this period.</EmptyState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2" data-testid="usage-chart">
            <BarChart label="Requests per day" bars={bars((day) => day.requests, 'requests')} />
            <BarChart label="Errors per day" bars={bars((day) => day.errors, 'errors')} />
          </div>
        )}
      </Card>
      <Card title="Per agent">
        <UsageGroupTable rows={agents} names={names} testId="usage-agents" kind="agent" />
      </Card>
      <Card title="Per key">
        <UsageGroupTable rows={keys} names={names} testId="usage-keys" kind="key" />
      </Card>
      <Card title="Log" description="Newest first.">
        <form method="get" action="/dashboard/usage" className="flex flex-wrap items-end gap-3">
          <SelectField label="Status" name="status" defaultValue={form.status} className="min-w-0">
            <option value="">Any</option>
            <option value="2xx">2xx success</option>
            <option value="4xx">4xx refused</option>
            <option value="5xx">5xx server error</option>
          </SelectField>
          <Field
            label="Route"
            name="route"
            defaultValue={form.route}
            placeholder="/v1/tasks/{id}"
            className="min-w-0 flex-1"
          />
          <Field label="From" name="from" type="date" defaultValue={form.from} className="min-w-0" />
          <Field label="To" name="to" type="date" defaultValue={form.to} className="min-w-0" />
          <FilterActions clearHref="/dashboard/usage" filtered={filtered} />
        </form>
        <Notice tone="error">{error}</Notice>
        {log.data.length === 0 ? (
          <EmptyState testId="usage-log">
            {filtered ? 'No request matches these filters.' : 'No requests yet.'}
          </EmptyState>
        ) : (
          <Table testId="usage-log" columns={['Time', 'Request', 'Status', 'Latency', 'By', 'IP']}>
            {log.data.map((row) => (
              <Row key={row.id} testId="usage-log-row">
                <td className="whitespace-nowrap text-stone-600">
                  <LocalTime value={row.at} exact />
                </td>
                <td className="break-all font-mono text-xs">
                  {row.method} {row.route}
                </td>
                <td data-testid="usage-status">{row.status}</td>
                <td>{row.latencyMs} ms</td>
                <td>
                  {row.agentId ? (
                    <Link href={`/dashboard/agents/${row.agentId}`} className="underline">
                      {names.get(row.agentId) ?? 'Agent'}
                    </Link>
                  ) : (
                    <Link href="/dashboard/keys" className="font-mono text-xs underline">
                      {row.keyPrefix ?? 'Your key'}
                    </Link>
                  )}
                </td>
                <td className="font-mono text-xs text-stone-600">{row.ip ?? '—'}</td>
              </Row>
            ))}
          </Table>
        )}
        {log.nextCursor && (
          <Link
            href={queryHref('/dashboard/usage', { ...form, cursor: log.nextCursor })}
            className="text-sm underline"
            data-testid="usage-older"
          >
            Older requests
          </Link>
        )}
      </Card>
    </div>
  );
}
