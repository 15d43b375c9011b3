import { and, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
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
export async function recordX402Receipt(tx: DbOrTx, input: X402ReceiptInput): Promise<{ ledgerTransactionId: string }> {
  const mode = input.livemode ? 'live' : 'test';
  return tx.transaction(async (inner) => {
    const [payment] = await inner
      .update(x402Payments)
      .set({ taskId: input.taskId, updatedAt: new Date() })
      .where(
        and(
          eq(x402Payments.id, input.paymentId),
          eq(x402Payments.status, 'settled'),
          or(isNull(x402Payments.taskId), eq(x402Payments.taskId, input.taskId)),
        ),
      )
      .returning({ amountAtomic: x402Payments.amountAtomic, transaction: x402Payments.transaction });
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
