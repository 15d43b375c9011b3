import type { Metadata } from 'next';
import Link from 'next/link';
import { LocalTime } from '@/components/local-time';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { callerLivemode } from '@/lib/payments/get-processor';
import { listWorkerEarnings, type PayoutState } from '@/lib/services/money/list-worker-earnings';
import { readWorkerEarnings } from '@/lib/services/money/read-worker-earnings';
import { listWorkerTips } from '@/lib/services/tips/list-tips';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { EarningsStats } from './earnings-stats';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Earnings' };

const LIMIT = 100;

const STATE_WORDS: Record<PayoutState, string> = {
  paid: 'Paid out',
  sending: 'On its way',
  scheduled: 'Scheduled',
  held: 'Held: set up payouts',
  reversed: 'Reversed',
};

// The worker's side of the money: what each task paid them, as the ledger booked it, and where that pay is now.
export default async function WorkerEarningsPage() {
  const { user } = await requireBrowserUser('/worker/earnings');
  const { db } = await getDatabase();
  const livemode = callerLivemode();
  const [earnings, rows, tips] = await Promise.all([
    readWorkerEarnings(db, { userId: user.id, livemode }),
    listWorkerEarnings(db, { userId: user.id, livemode, limit: LIMIT }),
    listWorkerTips(db, { workerId: user.id, livemode, limit: LIMIT }),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader title="Earnings" description="Your pay per task, and where it is now." />
      <EarningsStats earnings={earnings} />
      <Card title="Pay per task" description={rows.length === LIMIT ? `The newest ${LIMIT} tasks.` : undefined}>
        {rows.length === 0 ? (
          <EmptyState>
            No pay yet: it appears here when a requester approves your work.{' '}
            <Link href="/worker/tasks" className="underline">
              Find tasks near you
            </Link>
            .
          </EmptyState>
        ) : (
          <Table
            testId="earnings-table"
            columns={['Task', { label: 'Earned', align: 'right' }, 'Payout', { label: 'Approved', align: 'right' }]}
          >
            {rows.map((row) => (
              <Row key={row.taskId} testId="earning-row">
                <td className="break-words">
                  <Link href={`/worker/tasks/${row.taskId}`} className="underline">
                    {row.title}
                  </Link>
                </td>
                <td className="text-right font-mono">{formatMoney(row.earnedCents)}</td>
                <td>
                  {row.state === 'held' ? (
                    <Link href="/worker/onboarding?step=payouts" className="text-amber-700 underline">
                      {STATE_WORDS.held}
                    </Link>
                  ) : (
                    STATE_WORDS[row.state]
                  )}
                </td>
                <td className="text-right text-stone-600">
                  <LocalTime value={row.earnedAt.toISOString()} />
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
      {tips.length > 0 && (
        <Card title="Tips" description="Extra from requesters, all of it yours (no fee).">
          <Table
            testId="tips-table"
            columns={['Task', { label: 'Tip', align: 'right' }, 'Payout', { label: 'Tipped', align: 'right' }]}
          >
            {tips.map((tip) => (
              <Row key={tip.id} testId="tip-row">
                <td className="break-words">
                  <Link href={`/worker/tasks/${tip.taskId}`} className="underline">
                    {tip.title}
                  </Link>
                </td>
                <td className="text-right font-mono">{formatMoney(tip.amountCents)}</td>
                <td>{tip.sent ? STATE_WORDS.paid : 'To be sent'}</td>
                <td className="text-right text-stone-600">
                  <LocalTime value={(tip.paidAt ?? tip.createdAt).toISOString()} />
                </td>
              </Row>
            ))}
          </Table>
        </Card>
      )}
    </div>
  );
}
