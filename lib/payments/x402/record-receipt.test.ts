import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { checkLedgerInvariants } from '@/lib/payments/ledger/check-ledger-invariants';
import { balances } from '@/test/ledger';
import { accept, newPayer, paymentRows, requirementsFor, signAuthorization, v1Header, v1Payload } from '@/test/x402';
import { recordX402Receipt } from './accept-payment';

// recordX402Receipt: the payment linked to its task and the receipt in the task's escrow, once.

describe('recordX402Receipt', () => {
  it('links the payment to the task and moves the amount into its escrow, once', async () => {
    const payer = newPayer();
    const requirements = requirementsFor(2_300);
    const accepted = await accept(
      v1Header(v1Payload(requirements, await signAuthorization(payer, requirements))),
      requirements,
    );
    const taskId = randomUUID();
    const userId = randomUUID();
    const database = await getDatabase();
    const escrow = ledgerAccount.escrow('test', taskId);
    const before = await balances([ledgerAccount.x402Receipts('test')]);

    const input = { paymentId: accepted.paymentId, taskId, userId, amountCents: 2_300, livemode: false };
    const first = await database.db.transaction((tx) => recordX402Receipt(tx, input));
    // Again (a retry): the same ledger transaction, no second movement.
    const second = await recordX402Receipt(database.db, input);

    expect(second.ledgerTransactionId).toBe(first.ledgerTransactionId);
    expect(await balances([escrow])).toEqual({ [escrow]: 2_300 });
    const after = await balances([ledgerAccount.x402Receipts('test')]);
    expect(after[ledgerAccount.x402Receipts('test')]).toBeLessThanOrEqual(
      (before[ledgerAccount.x402Receipts('test')] ?? 0) - 2_300,
    );
    expect(await paymentRows(payer.address)).toEqual([expect.objectContaining({ taskId, status: 'settled' })]);
    expect(await checkLedgerInvariants(database)).toEqual([]);
  });

  it('refuses a payment already linked to another task, or an amount that is not the payment', async () => {
    const payer = newPayer();
    const requirements = requirementsFor(1_000);
    const accepted = await accept(
      v1Header(v1Payload(requirements, await signAuthorization(payer, requirements))),
      requirements,
    );
    const { db } = await getDatabase();
    const userId = randomUUID();
    await expect(
      recordX402Receipt(db, {
        paymentId: accepted.paymentId,
        taskId: randomUUID(),
        userId,
        amountCents: 999,
        livemode: false,
      }),
    ).rejects.toThrow(/not 999 cents/);
    const taskId = randomUUID();
    await recordX402Receipt(db, { paymentId: accepted.paymentId, taskId, userId, amountCents: 1_000, livemode: false });
    await expect(
      recordX402Receipt(db, {
        paymentId: accepted.paymentId,
        taskId: randomUUID(),
        userId,
        amountCents: 1_000,
        livemode: false,
      }),
    ).rejects.toThrow(/already paid for another task/);
    expect(await balances([ledgerAccount.escrow('test', taskId)])).toEqual({
      [ledgerAccount.escrow('test', taskId)]: 1_000,
    });
  });
});
