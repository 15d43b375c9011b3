import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerEntries, ledgerTransactions } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import { type LedgerTransactionInput, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';

/** Posts one ledger transaction in its own database transaction, the way services do. */
export async function post(input: LedgerTransactionInput) {
  const database = await getDatabase();
  return database.db.transaction(async (tx) => postLedgerTransaction(tx, input));
}

/** Current balances of `accounts` (0 for an account without entries). */
export async function balances(accounts: string[]): Promise<Record<string, number>> {
  const database = await getDatabase();
  const rows = await database.db
    .select({ account: ledgerEntries.account, balance: sql<string>`sum(${ledgerEntries.amountCents})::text` })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, accounts))
    .groupBy(ledgerEntries.account);
  const result: Record<string, number> = Object.fromEntries(accounts.map((account) => [account, 0]));
  for (const row of rows) result[row.account] = Number(row.balance);
  return result;
}

export async function transactionsWithKeys(keys: string[]) {
  const database = await getDatabase();
  return database.db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.idempotencyKey, keys));
}

export async function entriesOf(transactionId: string) {
  const database = await getDatabase();
  const rows = await database.db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(asc(ledgerEntries.id));
  return rows;
}

export async function entriesOnAccounts(accounts: string[]) {
  const database = await getDatabase();
  return database.db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, accounts))
    .orderBy(asc(ledgerEntries.id));
}

/** Fresh ids and account names for one task between one requester and one worker. */
export function scenario(mode: LedgerMode = 'test', taskId: string = randomUUID()) {
  const requesterId = randomUUID();
  const workerId = randomUUID();
  return {
    taskId,
    requesterId,
    workerId,
    livemode: mode === 'live',
    funding: ledgerAccount.requesterFunding(mode, requesterId),
    escrow: ledgerAccount.escrow(mode, taskId),
    payable: ledgerAccount.workerPayable(mode, workerId),
    payouts: ledgerAccount.workerPayouts(mode, workerId),
    refunds: ledgerAccount.refunds(mode, requesterId),
    fees: ledgerAccount.platformFees(mode),
  };
}

export type Scenario = ReturnType<typeof scenario>;

export function charge(s: Scenario, amountCents: number, key = `task:${s.taskId}:charge`): LedgerTransactionInput {
  return {
    kind: 'charge',
    idempotencyKey: key,
    livemode: s.livemode,
    taskId: s.taskId,
    userId: s.requesterId,
    reference: `pi_${s.taskId}`,
    description: 'Task funded by card',
    entries: [
      { account: s.funding, amountCents: -amountCents },
      { account: s.escrow, amountCents },
    ],
  };
}

export function refund(s: Scenario, amountCents: number, key: string): LedgerTransactionInput {
  return {
    kind: 'refund',
    idempotencyKey: key,
    livemode: s.livemode,
    taskId: s.taskId,
    userId: s.requesterId,
    description: 'Task refunded',
    entries: [
      { account: s.escrow, amountCents: -amountCents },
      { account: s.refunds, amountCents },
    ],
  };
}

/** Asserts `promise` rejects with an ApiError CONFLICT about `account` (mode and kind only). */
export async function expectConflict(promise: Promise<unknown>, account: string) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'CONFLICT', status: 409, details: { account } });
}
