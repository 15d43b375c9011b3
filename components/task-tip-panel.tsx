import { formatMoney } from '@/lib/format/money';
import { LocalTime } from './local-time';
import { TaskTipForm } from './task-tip-form';
import { Card } from './ui/card';
import type { ConfirmState } from './ui/confirm-action';

export type TipLine = { id: string; amountCents: number; paidAt: Date | null };

/**
 * Under the review prompt of a completed task: the tips given so far and, while tips are taken (30 days after
 * completion, up to the budget in all), the form to add one.
 */
export function TaskTipPanel({
  tips,
  open,
  remainingCents,
  minCents,
  workerName,
  action,
}: {
  tips: TipLine[];
  /** Still within the window and under the budget. */
  open: boolean;
  remainingCents: number;
  minCents: number;
  workerName: string;
  action: (amountCents: number, key: string, state: ConfirmState, form: FormData) => Promise<ConfirmState>;
}) {
  if (!open && tips.length === 0) return null;
  return (
    <Card title="Tip" testId="tip-panel">
      <div className="space-y-4">
        {tips.length > 0 && (
          <ul className="space-y-1 text-sm" data-testid="tips-given">
            {tips.map((tip) => (
              <li key={tip.id} data-testid="tip-line">
                You tipped <span className="font-medium">{formatMoney(tip.amountCents)}</span>
                {tip.paidAt && (
                  <>
                    {' '}
                    on <LocalTime value={tip.paidAt.toISOString()} />
                  </>
                )}
                .
              </li>
            ))}
          </ul>
        )}
        {open && remainingCents >= minCents ? (
          <TaskTipForm
            action={action}
            workerName={workerName}
            minCents={minCents}
            remainingCents={remainingCents}
            paysWith="your card"
          />
        ) : (
          <p className="text-sm text-stone-600">
            {open ? 'This task’s tips have reached its budget.' : 'Tips are taken for 30 days after completion.'}
          </p>
        )}
      </div>
    </Card>
  );
}
