import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type Db, getDatabase, openDatabase, type Tx } from '@/db/client';
import { execute } from '@/db/execute';
import { ledgerEntries, ledgerTransactions } from '@/db/schema';
import { ledgerAccount } from './accounts';
import { checkLedgerInvariants } from './check-ledger-invariants';
import { postLedgerTransaction } from './post-ledger-transaction';

/**
 * Writes a ledger transaction with the given entries straight into the tables, skipping every check
 * postLedgerTransaction makes: the only way to break the ledger on purpose.
 */
async function insertRaw(db: Db | Tx, entries: Array<{ account: string; amountCents: number }>): Promise<string> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values({
      kind: 'adjustment',
      idempotencyKey: `raw:${randomUUID()}`,
      livemode: false,
      description: 'deliberately broken',
    })
    .returning({ id: ledgerTransactions.id });
  if (!row) throw new Error('insert failed');
  if (entries.length > 0) {
    await db.insert(ledgerEntries).values(entries.map((entry) => ({ transactionId: row.id, ...entry })));
  }
  return row.id;
}

/** A Database whose raw queries run inside `tx`, so the checks see that transaction's uncommitted rows. */
function onTransaction(database: Database, tx: Tx): Database {
  return {
    ...database,
    query: async <Row>(_name: string, text: string, params: unknown[]) => {
      if (params.length > 0) throw new Error('onTransaction() only runs statements without parameters');
      return (await execute(tx, sql.raw(text))) as Row[];
    },
  };
}

async function clearLedger(scratch: Database): Promise<void> {
  await scratch.db.delete(ledgerEntries);
  await scratch.db.delete(ledgerTransactions);
}

const byRuleAndDetail = (a: { rule: string; detail: string }, b: { rule: string; detail: string }) =>
  `${a.rule}|${a.detail}`.localeCompare(`${b.rule}|${b.detail}`);

class Rollback extends Error {}

/** The messages of an error and its causes (drivers wrap the database's error). */
function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages;
}

describe('checkLedgerInvariants() on the shared database', () => {
  it('finds no violation after a full lifecycle posted through postLedgerTransaction', async () => {
    const database = await getDatabase();
    const taskId = randomUUID();
    const requesterId = randomUUID();
    const workerId = randomUUID();
    const escrow = ledgerAccount.escrow('test', taskId);
    const payable = ledgerAccount.workerPayable('test', workerId);
    const movements = [
      {
        kind: 'charge' as const,
        entries: [
          { account: ledgerAccount.requesterFunding('test', requesterId), amountCents: -10_000 },
          { account: escrow, amountCents: 10_000 },
        ],
      },
      {
        kind: 'release' as const,
        entries: [
          { account: escrow, amountCents: -10_000 },
          { account: payable, amountCents: 8_500 },
          { account: ledgerAccount.platformFees('test'), amountCents: 1_500 },
        ],
      },
      {
        kind: 'transfer' as const,
        entries: [
          { account: payable, amountCents: -8_500 },
          { account: ledgerAccount.workerPayouts('test', workerId), amountCents: 8_500 },
        ],
      },
    ];
    for (const { kind, entries } of movements) {
      await database.db.transaction(async (tx) =>
        postLedgerTransaction(tx, {
          kind,
          idempotencyKey: `task:${taskId}:${kind}`,
          livemode: false,
          taskId,
          description: kind,
          entries,
        }),
      );
    }
    expect(await checkLedgerInvariants(database)).toEqual([]);
  });

  it('sees violations written inside a transaction, which is then rolled back', async () => {
    const database = await getDatabase();
    const escrow = ledgerAccount.escrow('test', randomUUID());
    let transactionId = '';
    let seen: Awaited<ReturnType<typeof checkLedgerInvariants>> = [];

    await expect(
      database.db.transaction(async (tx) => {
        transactionId = await insertRaw(tx, [{ account: escrow, amountCents: -500 }]);
        seen = await checkLedgerInvariants(onTransaction(database, tx));
        throw new Rollback('undo the broken ledger');
      }),
    ).rejects.toBeInstanceOf(Rollback);

    // Everything committed by other files balances, so the only imbalance is the one written here.
    expect(seen).toContainEqual({ rule: 'all entries sum to zero', detail: 'sum -500' });
    expect(seen).toContainEqual({ rule: 'each transaction balances', detail: `${transactionId} sums to -500` });
    expect(seen).toContainEqual({ rule: 'account keeps its sign', detail: `${escrow} has balance -500` });
    expect(await checkLedgerInvariants(database)).toEqual([]);
  });
});

// A throwaway in-memory PGlite with the schema migrated, whose ledger may be broken at will (under either
// TEST_DB). The shared test database is never touched here; each test starts from an empty ledger.
describe('checkLedgerInvariants() on a scratch PGlite', () => {
  let scratch: Database;
  beforeAll(async () => {
    scratch = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
  });
  afterAll(async () => {
    await scratch?.close();
  });
  beforeEach(async () => {
    await clearLedger(scratch);
  });

  it('names every broken invariant, and nothing on a valid ledger', async () => {
    expect(await checkLedgerInvariants(scratch)).toEqual([]);

    // Valid postings through the real path.
    const taskId = randomUUID();
    const requesterId = randomUUID();
    const funding = ledgerAccount.requesterFunding('test', requesterId);
    const escrow = ledgerAccount.escrow('test', taskId);
    await scratch.db.transaction(async (tx) =>
      postLedgerTransaction(tx, {
        kind: 'charge',
        idempotencyKey: `task:${taskId}:charge`,
        livemode: false,
        description: 'charge',
        entries: [
          { account: funding, amountCents: -1_000 },
          { account: escrow, amountCents: 1_000 },
        ],
      }),
    );
    expect(await checkLedgerInvariants(scratch)).toEqual([]);

    // An unbalanced transaction taking an escrow below zero breaks all three invariants.
    const brokenEscrow = ledgerAccount.escrow('test', randomUUID());
    const broken = await insertRaw(scratch.db, [{ account: brokenEscrow, amountCents: -500 }]);
    const violations = await checkLedgerInvariants(scratch);
    expect(violations.map((violation) => violation.rule).sort()).toEqual([
      'account keeps its sign',
      'all entries sum to zero',
      'each transaction balances',
    ]);
    expect(violations).toEqual([
      { rule: 'all entries sum to zero', detail: 'sum -500' },
      { rule: 'each transaction balances', detail: `${broken} sums to -500` },
      { rule: 'account keeps its sign', detail: `${brokenEscrow} has balance -500` },
    ]);
  });

  it('reports each unbalanced transaction even when they cancel out in total', async () => {
    const userId = randomUUID();
    const plus = await insertRaw(scratch.db, [{ account: ledgerAccount.platformFees('test'), amountCents: 300 }]);
    const minus = await insertRaw(scratch.db, [
      { account: ledgerAccount.requesterFunding('test', userId), amountCents: -300 },
    ]);
    expect((await checkLedgerInvariants(scratch)).sort(byRuleAndDetail)).toEqual(
      [
        { rule: 'each transaction balances', detail: `${plus} sums to 300` },
        { rule: 'each transaction balances', detail: `${minus} sums to -300` },
      ].sort(byRuleAndDetail),
    );
  });

  it('reports the sign of every account kind, for balanced transactions too', async () => {
    const userId = randomUUID();
    const taskId = randomUUID();
    const negative = (mode: 'test' | 'live') => [
      ledgerAccount.escrow(mode, taskId),
      ledgerAccount.platformFees(mode),
      ledgerAccount.workerPayable(mode, userId),
      ledgerAccount.workerPayouts(mode, userId),
      ledgerAccount.refunds(mode, userId),
    ];
    const positive = (mode: 'test' | 'live') => [
      ledgerAccount.requesterFunding(mode, userId),
      ledgerAccount.x402Receipts(mode),
    ];
    const expected: Array<{ rule: string; detail: string }> = [];
    for (const mode of ['test', 'live'] as const) {
      for (const account of negative(mode)) {
        // Each pair balances; the other side is an account without a sign rule.
        await insertRaw(scratch.db, [
          { account, amountCents: -7 },
          { account: `${mode}:suspense`, amountCents: 7 },
        ]);
        expected.push({ rule: 'account keeps its sign', detail: `${account} has balance -7` });
      }
      for (const account of positive(mode)) {
        await insertRaw(scratch.db, [
          { account, amountCents: 9 },
          { account: `${mode}:suspense`, amountCents: -9 },
        ]);
        expected.push({ rule: 'account keeps its sign', detail: `${account} has balance 9` });
      }
    }
    expect((await checkLedgerInvariants(scratch)).sort(byRuleAndDetail)).toEqual(expected.sort(byRuleAndDetail));

    // Balances count, not single entries: bring every account back to its sign and the ledger is valid.
    for (const mode of ['test', 'live'] as const) {
      for (const account of negative(mode)) {
        await insertRaw(scratch.db, [
          { account, amountCents: 7 },
          { account: `${mode}:suspense`, amountCents: -7 },
        ]);
      }
      for (const account of positive(mode)) {
        await insertRaw(scratch.db, [
          { account, amountCents: -9 },
          { account: `${mode}:suspense`, amountCents: 9 },
        ]);
      }
    }
    expect(await checkLedgerInvariants(scratch)).toEqual([]);
  });

  it('is backed by a check constraint refusing zero amounts', async () => {
    const error = await insertRaw(scratch.db, [{ account: ledgerAccount.platformFees('test'), amountCents: 0 }]).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(messagesOf(error).join('\n')).toContain('ledger_entries_amount_nonzero');
    const [count] = await scratch.query<{ n: number }>('count', 'select count(*)::int as n from ledger_entries', []);
    expect(count?.n).toBe(0);
  });
});
