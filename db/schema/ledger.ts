import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', [
  'charge',
  'x402_receipt',
  'refund',
  'release',
  'transfer',
  'adjustment',
  // A requester's tip: their card or x402 receipt straight to the worker's payable (docs/payments.md, "Tips").
  'tip',
]);

// A balanced set of entries: the unit of every money movement. `idempotencyKey` (e.g. `task:<id>:charge`)
// makes posting the same movement twice a no-op.
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: ledgerTransactionKind('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    livemode: boolean('livemode').notNull(),
    taskId: uuid('task_id'),
    // Whose history this movement belongs to (payer for charges and refunds, worker for transfers).
    userId: uuid('user_id'),
    // The processor object behind it (pi_…, re_…, tr_…), when there is one.
    reference: text('reference'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('ledger_transactions_task_idx').on(t.taskId),
  ],
);

// Money flowing into an account is positive, out of it negative; every transaction's entries sum to 0.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);
