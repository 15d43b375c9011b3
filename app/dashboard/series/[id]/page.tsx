import type { Metadata } from 'next';
import Link from 'next/link';
import { LocalTime } from '@/components/local-time';
import { ActionForm } from '@/components/ui/action-form';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { getTaskSeries } from '@/lib/services/series/get-task-series';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { seriesAction, skipAction } from '../actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Recurring task' };

const DAY_NAMES: Record<string, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

function cadenceWords(cadence: Record<string, unknown>): string {
  if (cadence.kind === 'days') return `Every ${cadence.everyDays} days`;
  const days = (cadence.days as string[]).map((day) => DAY_NAMES[day] ?? day).join(', ');
  const weeks = Number(cadence.intervalWeeks);
  return `${weeks === 1 ? 'Every week' : `Every ${weeks} weeks`} on ${days}`;
}

export default async function SeriesDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await requireBrowserUser(`/dashboard/series/${id}`);
  const { db } = await getDatabase();
  const series = await getTaskSeries(db, { userId: current.user.id }, id);
  const title = String(series.template.title);
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        back={{ href: '/dashboard/series', label: 'Recurring tasks' }}
        description={`${cadenceWords(series.cadence)}, ${series.timeZone} · ${formatMoney(Number(series.template.budgetCents))} each · posted ${series.leadHours} h ahead${series.count ? ` · ${series.count} times` : ''}${series.endsOn ? ` · until ${series.endsOn}` : ''}`}
      />
      {series.status === 'paused' && <Notice tone="warning">Paused: {series.pausedReason}</Notice>}
      {series.status === 'ended' && <Notice>This recurring task has ended.</Notice>}
      {series.status !== 'ended' && (
        <div className="flex flex-wrap gap-2" data-testid="series-actions">
          {series.status === 'active' ? (
            <ActionForm action={seriesAction.bind(null, series.id, 'pause')} inline savedText="Paused.">
              <SubmitButton variant="secondary">Pause</SubmitButton>
            </ActionForm>
          ) : (
            <ActionForm action={seriesAction.bind(null, series.id, 'resume')} inline savedText="Resumed.">
              <SubmitButton variant="secondary">Resume</SubmitButton>
            </ActionForm>
          )}
          <ActionForm action={seriesAction.bind(null, series.id, 'end')} inline savedText="Ended.">
            <SubmitButton variant="danger">End</SubmitButton>
          </ActionForm>
        </div>
      )}
      <Card title="Next times" description="Each is posted and charged to your card when its “posted” time comes.">
        {series.upcoming.length === 0 ? (
          <EmptyState>No more times.</EmptyState>
        ) : (
          <Table columns={['Starts', 'Posted', 'Done by', '']} testId="upcoming">
            {series.upcoming.map((occurrence) => (
              <Row key={occurrence.occurrenceAt} testId="occurrence">
                <td className="py-2">
                  <LocalTime value={occurrence.occurrenceAt} exact />
                </td>
                <td>
                  <LocalTime value={occurrence.createsAt} exact />
                </td>
                <td>
                  <LocalTime value={occurrence.deadline} exact />
                </td>
                <td className="text-right">
                  {occurrence.skipped ? (
                    <span className="text-stone-500">Skipped</span>
                  ) : (
                    <ActionForm action={skipAction.bind(null, series.id, occurrence.occurrenceAt)} inline savedText="">
                      <SubmitButton variant="link" compact>
                        Skip
                      </SubmitButton>
                    </ActionForm>
                  )}
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
      <Card title="Posted so far">
        {series.tasks.length === 0 ? (
          <EmptyState>None yet.</EmptyState>
        ) : (
          <Table columns={['Starts', 'Status', { label: 'Budget', align: 'right' }]}>
            {series.tasks.map((task) => (
              <Row key={task.id}>
                <td className="py-2">
                  <Link href={`/dashboard/tasks/${task.id}`} className="underline">
                    {task.occurrenceAt ? <LocalTime value={task.occurrenceAt} exact /> : task.title}
                  </Link>
                </td>
                <td>{task.status}</td>
                <td className="text-right">{formatMoney(task.budgetCents)}</td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
