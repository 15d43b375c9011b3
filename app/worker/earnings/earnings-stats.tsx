import { plural } from '@/components/format';
import { LocalTime } from '@/components/local-time';
import { Stat } from '@/components/ui/stat';
import { formatMoney } from '@/lib/format/money';
import type { WorkerEarnings } from '@/lib/services/money/read-worker-earnings';

/** Pending, paid and the next payout: the worker home's and the Earnings page's three figures. */
export function EarningsStats({ earnings }: { earnings: WorkerEarnings }) {
  const next = earnings.nextPayout;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Stat
        label="Pending"
        value={formatMoney(earnings.pendingCents)}
        detail={`Held in escrow for ${plural(earnings.pendingTasks, 'accepted or submitted task')}`}
        testId="earnings-pending"
      />
      <Stat
        label="Paid"
        value={formatMoney(earnings.paidCents)}
        detail="Transferred to your payout account"
        testId="earnings-paid"
      />
      {next ? (
        <Stat
          label="Next payout"
          value={formatMoney(next.amountCents)}
          tone={next.waitingForPayoutAccount ? 'alert' : undefined}
          href={next.waitingForPayoutAccount ? '/worker/onboarding?step=payouts' : undefined}
          detail={
            next.waitingForPayoutAccount ? (
              'Held until you set up payouts'
            ) : (
              <>
                For {plural(next.tasks, 'task')}, sent from <LocalTime value={next.dueAt.toISOString()} />
              </>
            )
          }
          testId="earnings-next"
        />
      ) : (
        <Stat label="Next payout" value="—" detail="Approved pay is sent within minutes" testId="earnings-next" />
      )}
    </div>
  );
}
