import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';

export const x402PaymentStatus = pgEnum('x402_payment_status', ['claimed', 'settled']);

// Every x402 (EIP-3009) authorization we accepted. The unique (network, asset, payer, nonce) is the replay
// guard: the row is claimed before anything else happens, so one authorization pays for one task, even
// when it is sent several times at once. A definitive rejection deletes the claim; nothing else does.
// The claim is also the payment's intent, committed with the draft's funding claim before anything settles: the
// draft, the requester, the mode, the signed payload and the requirements, so the reconciliation job
// (reconcile-x402-payments.ts) can finish or book back a payment whose request died, whatever step it died at.
export const x402Payments = pgTable(
  'x402_payments',
  {
    id: id(),
    network: text('network').notNull(),
    // Token contract, lower-cased.
    asset: text('asset').notNull(),
    // The authorization's `from`, lower-cased.
    payer: text('payer').notNull(),
    // bytes32 hex, lower-cased.
    nonce: text('nonce').notNull(),
    payTo: text('pay_to').notNull(),
    // USDC atomic units (6 decimals), as a decimal string.
    amountAtomic: text('amount_atomic').notNull(),
    validBefore: timestamptz('valid_before').notNull(),
    status: x402PaymentStatus('status').notNull().default('claimed'),
    // The task it paid for, once created.
    taskId: uuid('task_id'),
    // The settlement transaction hash (a local `0x…` record in test mode).
    transaction: text('transaction'),
    // The intent (null on rows older than it): the draft it was offered for, who offered it, in which mode.
    draftTaskId: uuid('draft_task_id'),
    requesterId: uuid('requester_id'),
    livemode: boolean('livemode'),
    // The payment payload as sent and the requirements it was checked against: what a later settle needs.
    payload: jsonb('payload'),
    requirements: jsonb('requirements'),
    // When the money went on the books: the task's escrow (receipt) or owed back to the payer.
    bookedAt: timestamptz('booked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('x402_payments_authorization_key').on(t.network, t.asset, t.payer, t.nonce),
    index('x402_payments_task_idx').on(t.taskId),
    // The reconciliation job's scan: intents not yet on the books.
    index('x402_payments_unbooked_idx')
      .on(t.createdAt)
      .where(sql`${t.bookedAt} is null and ${t.draftTaskId} is not null`),
  ],
);

export type X402Payment = typeof x402Payments.$inferSelect;
