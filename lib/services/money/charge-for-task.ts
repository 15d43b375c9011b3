import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { charges } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { notifyAgentCharge } from '@/lib/services/notifications/notify-agent-charge';
import { chargeDeclined } from './charge-declined';
import { findPaymentCustomer } from './find-payment-customer';

export type ChargeForTaskInput = {
  taskId: string;
  payerId: string;
  amountCents: number;
  description: string;
  /** An agent charging its operator's card: the operator is told once per charge, with the ledger entry. */
  byAgent?: { agentId: string; taskTitle: string };
};

/**
 * Idempotent by task: a retry returns the same charge; while one attempt runs, another is 409; after a failure
 * the next attempt charges again, with a new processor idempotency key.
 */
export async function chargeForTask(db: Db, processor: PaymentProcessor, input: ChargeForTaskInput) {
  const mode = processor.livemode ? 'live' : 'test';
  const customer = await findPaymentCustomer(db, input.payerId, processor);
  if (!customer?.paymentMethodId) {
    throw new ApiError('PAYMENT_REQUIRED', {
      message: 'No card on file',
      hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard), then retry.',
    });
  }

  const attempt = await claimChargeAttempt(db, processor, input);
  if (attempt.status === 'succeeded') return attempt;

  const outcome = await processor.chargeCard({
    customerId: customer.customerId,
    paymentMethodId: customer.paymentMethodId,
    amountCents: input.amountCents,
    idempotencyKey: `task:${input.taskId}:charge:${attempt.attempts}`,
    transferGroup: `task:${input.taskId}`,
    description: input.description,
  });

  if (outcome.status === 'failed') throw await chargeDeclined(db, attempt.id, outcome);

  return db.transaction(async (tx) => {
    const [charge] = await tx
      .update(charges)
      .set({ status: 'succeeded', processorId: outcome.processorId, failureCode: null, failureMessage: null })
      .where(eq(charges.id, attempt.id))
      .returning();
    if (!charge) throw new Error('charge row vanished');
    // Before the ledger, whose advisory locks come last (docs/conventions.md, "Locks are taken in one order").
    if (input.byAgent) {
      await notifyAgentCharge(tx, {
        chargeId: charge.id,
        operatorId: input.payerId,
        agentId: input.byAgent.agentId,
        task: { id: input.taskId, title: input.byAgent.taskTitle },
        amountCents: input.amountCents,
        livemode: processor.livemode,
      });
    }
    await postLedgerTransaction(tx, {
      kind: 'charge',
      idempotencyKey: `${mode}:task:${input.taskId}:charge`,
      livemode: processor.livemode,
      taskId: input.taskId,
      userId: input.payerId,
      reference: outcome.processorId,
      description: input.description,
      entries: [
        { account: ledgerAccount.requesterFunding(mode, input.payerId), amountCents: -input.amountCents },
        { account: ledgerAccount.escrow(mode, input.taskId), amountCents: input.amountCents },
      ],
    });
    return charge;
  });
}

async function claimChargeAttempt(db: Db, processor: PaymentProcessor, input: ChargeForTaskInput) {
  const [created] = await db
    .insert(charges)
    .values({
      userId: input.payerId,
      taskId: input.taskId,
      livemode: processor.livemode,
      processor: processor.name,
      amountCents: input.amountCents,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;

  const forTask = and(
    eq(charges.taskId, input.taskId),
    eq(charges.livemode, processor.livemode),
    isNull(charges.offerId),
  );
  const [retried] = await db
    .update(charges)
    .set({
      // A failed attempt charged nobody; the retry is charged to whoever pays now (a claim page can change hands).
      userId: input.payerId,
      status: 'processing',
      amountCents: input.amountCents,
      attempts: sql`${charges.attempts} + 1`,
      failureCode: null,
      failureMessage: null,
    })
    .where(and(forTask, eq(charges.status, 'failed')))
    .returning();
  if (retried) return retried;

  const [existing] = await db.select().from(charges).where(forTask).limit(1);
  if (existing?.status === 'succeeded') return existing;
  throw new ApiError('CONFLICT', {
    message: 'A charge for this task is already in progress',
    hint: 'Wait a moment and fetch the task; do not start another charge.',
  });
}
