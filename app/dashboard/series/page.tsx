import type { Metadata } from 'next';
import Link from 'next/link';
import { LocalTime } from '@/components/local-time';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { listTaskSeries } from '@/lib/services/series/list-task-series';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { SeriesForm } from './series-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Recurring tasks' };

export default async function SeriesPage() {
  const current = await requireBrowserUser('/dashboard/series');
  const { db } = await getDatabase();
  const { data: series } = await listTaskSeries(db, { userId: current.user.id }, { limit: 100 });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Recurring tasks"
        back={{ href: '/dashboard/tasks', label: 'Tasks' }}
        description="A task that repeats every week or few weeks. Each time is posted and charged to your saved card ahead of time, and offered first to the worker who did it last."
      />
      <Card title="New weekly task">
        <SeriesForm />
      </Card>
      {series.length === 0 ? (
        <EmptyState>No recurring tasks yet.</EmptyState>
      ) : (
        <Table
          columns={['Task', 'Status', { label: 'Next time', align: 'right' }, { label: 'Budget', align: 'right' }]}
        >
          {series.map((item) => (
            <Row key={item.id} testId="series-row">
              <td className="py-2">
                <Link href={`/dashboard/series/${item.id}`} className="underline">
                  {String(item.template.title)}
                </Link>
              </td>
              <td>{item.status}</td>
              <td className="text-right">
                {item.nextOccurrenceAt ? <LocalTime value={item.nextOccurrenceAt} exact /> : '—'}
              </td>
              <td className="text-right">{formatMoney(Number(item.template.budgetCents))}</td>
            </Row>
          ))}
        </Table>
      )}
    </div>
  );
}
