import type { Metadata } from 'next';
import Link from 'next/link';
import { LocalTime } from '@/components/local-time';
import { describeMovement, signedDollars } from '@/components/money';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { getProcessor } from '@/lib/payments/get-processor';
import { findPayoutAccount } from '@/lib/services/money/find-payout-account';
import { getPayoutAccountStatus } from '@/lib/services/money/get-payout-account-status';
import { getWallet } from '@/lib/services/money/get-wallet';
import { listPaymentHistory } from '@/lib/services/money/list-payment-history';
import { paymentHistoryTaskStates } from '@/lib/services/money/payment-history-task-states';
import { NO_MONEY, readTaskMoney } from '@/lib/services/money/read-task-money';
import { TIP_RECEIVED_PREFIX } from '@/lib/services/money/send-due-tip-transfers';
import { findWorkerProfileId } from '@/lib/services/workers/find-worker-profile-id';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { addCard, onboardPayouts } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Payments' };

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const current = await requireBrowserUser();
  // Sent here by a form that needs a card (the task form): the card page brings the person back there.
  const { next: nextParam } = await searchParams;
  const next = typeof nextParam === 'string' && nextParam ? safeNextPath(nextParam) : null;
  const { db } = await getDatabase();
  const processor = getProcessor(db);
  const wallet = await getWallet(db, processor, current.user.id);
  const card = wallet.paymentMethod;
  // Payouts are a worker's business: a requester who never started them is not shown the card.
  const paid =
    (await findPayoutAccount(db, current.user.id, processor)) ?? (await findWorkerProfileId(db, current.user.id));
  const payouts = paid ? await getPayoutAccountStatus(db, processor, current.user.id) : null;
  const history = await listPaymentHistory(db, { userId: current.user.id, livemode: processor.livemode, limit: 50 });
  const taskIds = history.data.map((item) => item.taskId);
  const [taskStates, taskMoney] = await Promise.all([
    paymentHistoryTaskStates(db, taskIds),
    readTaskMoney(db, taskIds),
  ]);
  const taskOf = (taskId: string | null) => {
    const status = taskId ? taskStates.get(taskId) : undefined;
    return taskId && status ? { status, money: taskMoney.get(taskId) ?? NO_MONEY } : null;
  };
  const heldTasks = new Set(history.data.filter((item) => item.kind === 'release').map((item) => item.taskId));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payments"
        description={`Processor: ${processor.name === 'test-mode' ? 'built-in test mode (no real money)' : 'Stripe'}`}
      />
      <Card title="Card on file">
        {card ? (
          <p className="text-sm" data-testid="card-on-file">
            <span className="capitalize">{card.brand}</span> •••• {card.last4}, expires{' '}
            {String(card.expMonth).padStart(2, '0')}/{card.expYear}
          </p>
        ) : (
          <EmptyState testId="card-on-file">No card yet. Tasks you post are paid from this card.</EmptyState>
        )}
        <form action={addCard}>
          {next && <input type="hidden" name="next" value={next} />}
          <SubmitButton>{card ? 'Replace card' : 'Add card'}</SubmitButton>
        </form>
        {next && card && (
          <Link href={next} className="text-sm underline" data-testid="payments-back">
            Back to your task
          </Link>
        )}
      </Card>
      {payouts && (
        <Card title="Payout account">
          <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="payout-status">
            <div>
              <dt className="text-stone-500">Details submitted</dt>
              <dd>{payouts.detailsSubmitted ? 'yes' : 'no'}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Charges</dt>
              <dd>{payouts.chargesEnabled ? 'enabled' : 'disabled'}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Payouts</dt>
              <dd>{payouts.payoutsEnabled ? 'enabled' : 'disabled'}</dd>
            </div>
          </dl>
          {payouts.requirements.length > 0 && (
            <p className="text-sm text-stone-600">Outstanding: {payouts.requirements.join(', ')}</p>
          )}
          {!(payouts.chargesEnabled && payouts.payoutsEnabled) && (
            <form action={onboardPayouts}>
              <SubmitButton>Set up payouts</SubmitButton>
            </form>
          )}
        </Card>
      )}
      <Card title="Payment history">
        {history.data.length === 0 ? (
          <EmptyState>No payments yet.</EmptyState>
        ) : (
          <Table
            testId="payment-history"
            columns={['Date', 'What', 'Description', { label: 'Amount', align: 'right' }]}
          >
            {history.data.map((item) => {
              const movement = describeMovement(
                item.kind,
                item.amountCents,
                taskOf(item.taskId),
                heldTasks.has(item.taskId),
                item.kind === 'tip' && item.description.startsWith(TIP_RECEIVED_PREFIX),
              );
              return (
                <Row key={item.id}>
                  <td>
                    <LocalTime value={item.createdAt} />
                  </td>
                  <td data-testid="movement-label">{movement.label}</td>
                  <td>{item.description}</td>
                  <td
                    data-testid="movement-amount"
                    className={`text-right font-mono ${movement.signedCents > 0 && !movement.neutral ? 'text-emerald-700' : ''}`}
                  >
                    {signedDollars(movement.signedCents, movement.neutral)}
                  </td>
                </Row>
              );
            })}
          </Table>
        )}
      </Card>
    </div>
  );
}
