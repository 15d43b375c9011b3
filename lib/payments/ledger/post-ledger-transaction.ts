import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { ledgerEntries, ledgerTransactions } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { balanceRule } from './accounts';

export type LedgerEntryInput = { account: string; amountCents: number };

export type LedgerTransactionInput = {
  kind: (typeof ledgerTransactions.$inferInsert)['kind'];
  /** Derived from our ids (e.g. `task:<id>:charge`): posting the same movement twice is a no-op. */
  idempotencyKey: string;
  livemode: boolean;
  taskId?: string | null;
  userId?: string | null;
  reference?: string | null;
  description: string;
  entries: LedgerEntryInput[];
};

export type PostedTransaction = { id: string; created: boolean };

/**
 * Writes one balanced set of entries inside the caller's transaction, so it commits or rolls back with
 * the state change that caused it. Accounts with a sign rule are locked (advisory, in name order, so
 * concurrent postings cannot deadlock) and re-checked after the insert: two concurrent refunds can
 * never take an escrow below zero.
 */
export async function postLedgerTransaction(tx: Tx, input: LedgerTransactionInput): Promise<PostedTransaction> {
  assertBalanced(input.entries);
  const guarded = [...new Set(input.entries.map((entry) => entry.account))]
    .filter((account) => balanceRule(account) !== 'any')
    .sort();
  for (const account of guarded) await lockLedgerAccount(tx, account);

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      livemode: input.livemode,
      taskId: input.taskId ?? null,
      userId: input.userId ?? null,
      reference: input.reference ?? null,
      description: input.description,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
    return { id: existing.id, created: false };
  }

  await tx.insert(ledgerEntries).values(input.entries.map((entry) => ({ transactionId: created.id, ...entry })));
  if (guarded.length > 0) await assertBalanceRules(tx, guarded);
  return { id: created.id, created: true };
}

function assertBalanced(entries: LedgerEntryInput[]): void {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new Error(`ledger amounts are non-zero integer cents, got ${entry.amountCents} for ${entry.account}`);
    }
  }
  // BigInt: a float sum of large amounts could round an imbalance away.
  const sum = entries.reduce((total, entry) => total + BigInt(entry.amountCents), 0n);
  if (sum !== 0n) throw new Error(`ledger transaction does not balance: entries sum to ${sum}`);
}

async function assertBalanceRules(tx: Tx, accounts: string[]): Promise<void> {
  const balances = await tx
    .select({ account: ledgerEntries.account, balance: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, accounts))
    .groupBy(ledgerEntries.account);
  for (const { account, balance } of balances) {
    const value = Number(balance);
    const rule = balanceRule(account);
    if ((rule === 'nonNegative' && value < 0) || (rule === 'nonPositive' && value > 0)) {
      throw new ApiError('CONFLICT', {
        message: 'Not enough funds for this movement',
        hint: 'The amount exceeds what is held; fetch the task or payment and retry with a smaller amount.',
        details: { account: account.split(':').slice(0, 2).join(':') },
      });
    }
  }
}

/** Serialises movements on one account until the transaction ends (re-entrant within it). */
export async function lockLedgerAccount(tx: Tx, account: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${account}, 0))`);
}

/** An account's balance, locked first so it cannot change before this transaction ends. */
export async function lockedBalance(tx: Tx, account: string): Promise<number> {
  await lockLedgerAccount(tx, account);
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.balance ?? 0);
}
