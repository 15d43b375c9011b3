import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { x402Payments } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { ATOMIC_UNITS_PER_CENT } from './requirements';

export type X402ReceiptInput = {
  paymentId: string;
  taskId: string;
  /** The requester (the agent's user) who paid. */
  userId: string;
  amountCents: number;
  livemode: boolean;
};

/**
 * Links a settled x402 payment to the task it paid for and moves the money into the task's escrow:
 * x402_receipts -amount, escrow +amount (kind `x402_receipt`, idempotent by task). Call it inside the
 * transaction that creates the task; inside a transaction it runs in a savepoint.
 */
export async function recordX402Receipt(
  tx: Executor,
  input: X402ReceiptInput,
): Promise<{ ledgerTransactionId: string }> {
  const mode = input.livemode ? 'live' : 'test';
  return tx.transaction(async (inner) => {
    const payment = await linkSettledPayment(inner, input.paymentId, input.taskId);
    if (!payment) throw new Error(`x402 payment ${input.paymentId} is not settled or already paid for another task`);
    if (BigInt(payment.amountAtomic) !== BigInt(input.amountCents) * ATOMIC_UNITS_PER_CENT) {
      throw new Error(
        `x402 payment ${input.paymentId} is ${payment.amountAtomic} atomic units, not ${input.amountCents} cents`,
      );
    }
    const posted = await postLedgerTransaction(inner, {
      kind: 'x402_receipt',
      idempotencyKey: `${mode}:task:${input.taskId}:x402`,
      livemode: input.livemode,
      taskId: input.taskId,
      userId: input.userId,
      reference: payment.transaction,
      description: 'x402 (USDC) payment for the task',
      entries: [
        { account: ledgerAccount.x402Receipts(mode), amountCents: -input.amountCents },
        { account: ledgerAccount.escrow(mode, input.taskId), amountCents: input.amountCents },
      ],
    });
    return { ledgerTransactionId: posted.id };
  });
}

export type UnusedX402PaymentInput = {
  paymentId: string;
  /** The task it was offered for, if one exists (a draft cancelled or re-priced while the payment settled). */
  taskId: string | null;
  /** The requester who offered it: the refund is owed to them (to the paying wallet). */
  userId: string;
  livemode: boolean;
};

/**
 * A settled payment that no task took: the draft it was offered for was cancelled or re-priced while it settled,
 * or posting failed. The books must still show it: it is linked to that task (when there is one) and posted as
 * owed back to the paying wallet (x402_receipts -amount, refunds +amount, kind `refund`), as an x402-funded task's
 * refund is. Idempotent by payment; a payment another task took is left alone.
 */
export async function recordUnusedX402Payment(db: Executor, input: UnusedX402PaymentInput): Promise<void> {
  const mode = input.livemode ? 'live' : 'test';
  await db.transaction(async (tx) => {
    const payment = await linkSettledPayment(tx, input.paymentId, input.taskId);
    if (!payment) return;
    const cents = Number(BigInt(payment.amountAtomic) / ATOMIC_UNITS_PER_CENT);
    await postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `${mode}:x402:${input.paymentId}:unused`,
      livemode: input.livemode,
      taskId: input.taskId,
      userId: input.userId,
      reference: payment.transaction,
      description: 'x402 (USDC) payment no task took (owed back to the paying wallet)',
      entries: [
        { account: ledgerAccount.x402Receipts(mode), amountCents: -cents },
        { account: ledgerAccount.refunds(mode, input.userId), amountCents: cents },
      ],
    });
  });
}

/**
 * Links a settled payment to `taskId` unless another task took it, and stamps it booked (the reconciliation job
 * then leaves it alone); its amount and transaction, or undefined.
 */
async function linkSettledPayment(tx: Executor, paymentId: string, taskId: string | null) {
  const now = new Date();
  const [payment] = await tx
    .update(x402Payments)
    .set({ taskId, bookedAt: now, updatedAt: now })
    .where(
      and(
        eq(x402Payments.id, paymentId),
        eq(x402Payments.status, 'settled'),
        taskId === null
          ? isNull(x402Payments.taskId)
          : or(isNull(x402Payments.taskId), eq(x402Payments.taskId, taskId)),
      ),
    )
    .returning({ amountAtomic: x402Payments.amountAtomic, transaction: x402Payments.transaction });
  return payment;
}
