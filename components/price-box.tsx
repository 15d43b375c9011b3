import { formatMoney } from '@/lib/format/money';
import type { TaskMoney } from '@/lib/services/money/read-task-money';
import { type PriceSide, priceText } from './price-text';
import type { TaskView } from './task-details';

const FUNDED_BY = { card: 'card', x402: 'x402 (USDC)', mpp: 'shared payment token (MPP)' } as const;

/**
 * A task's money on every task page: one sentence after its state and the reader's side (priceText), then, for
 * the requester, the budget, the 15% fee charged on top and the total. The worker sees only their pay: the fee
 * is never taken from it.
 */
export function PriceBox({
  task,
  side,
  money,
  workerName,
}: {
  task: TaskView;
  side: PriceSide;
  money: TaskMoney;
  workerName: string | null;
}) {
  const text = priceText({ ...task, money, workerName }, side);
  return (
    <div className="space-y-2 text-sm" data-testid="task-price">
      <p className="text-lg font-medium" data-testid="price-state">
        {text}
      </p>
      {side === 'requester' && (
        <>
          <dl className="grid grid-cols-3 gap-2">
            <Figure term="Budget" cents={task.budgetCents} />
            <Figure term="Platform fee" cents={task.platformFeeCents} />
            <Figure term="Total" cents={task.totalCents} />
          </dl>
          {task.fundingSource && <p className="text-xs text-stone-500">Paid by {FUNDED_BY[task.fundingSource]}.</p>}
        </>
      )}
    </div>
  );
}

function Figure({ term, cents }: { term: string; cents: number }) {
  return (
    <div>
      <dt className="text-stone-500">{term}</dt>
      <dd className="font-mono">{formatMoney(cents)}</dd>
    </div>
  );
}
