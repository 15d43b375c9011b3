import type { Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { type AcceptedX402Payment, recordX402Receipt } from '@/lib/payments/x402/accept-payment';
import { emitPaymentEvent } from './emit-payment-event';
import { lockedEscrowCents } from './escrow-balance';
import { fundingInProgress } from './funding-in-progress';
import type { FundedPost } from './funding-outcome';
import type { HeldTask } from './held-task';

// Inside the `publish` transition. On 409 nothing is posted, and the caller refunds what it charged.
export async function confirmFunding(tx: Tx, held: HeldTask, input: Pick<FundedPost, 'source' | 'x402'>) {
  if (held.task.fundingSource !== input.source) throw fundingInProgress();
  if (input.x402) await bookReceipt(tx, held.task, input.x402);
  await expectEscrowHoldsTotal(tx, held.task);
  await emitPaymentEvent(tx, { held, type: 'payment.succeeded', amountCents: held.task.totalCents });
}

function bookReceipt(tx: Tx, task: Task, paid: AcceptedX402Payment) {
  return recordX402Receipt(tx, {
    paymentId: paid.paymentId,
    taskId: task.id,
    userId: task.requesterId,
    amountCents: task.totalCents,
    livemode: task.livemode,
  });
}

// A charge for a stale price, or one refunded meanwhile, is refused here rather than posted.
async function expectEscrowHoldsTotal(tx: Tx, task: Task) {
  const escrowCents = await lockedEscrowCents(tx, task);
  if (escrowCents === task.totalCents) return;
  throw new ApiError('CONFLICT', {
    message: 'The payment held for this task does not match its price',
    hint: 'Nothing was posted and the payment is refunded. Fetch the task and pay its current total.',
    details: { escrowCents, totalCents: task.totalCents },
  });
}
