import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { getDatabase } from '@/db/client';
import { charges, ledgerEntries, ledgerTransactions, testProcessorObjects, transfers } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { ApiError, type ErrorCode } from '@/lib/errors/api-error';
import { getProcessor } from '@/lib/payments/get-processor';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { completeTestOnboarding } from '@/lib/payments/test-mode/complete-test-flows';
import { confirmTestSetup } from '@/lib/payments/test-mode/confirm-test-setup';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { startPayoutOnboarding } from '@/lib/services/money/start-payout-onboarding';
import { startWalletSetup } from '@/lib/services/money/start-wallet-setup';
import { insertUser } from './factories';

// Helpers for tests of the money flow through the built-in test-mode processor.

export const BACK_URL = 'http://localhost:3000/dashboard/payments';

/**
 * Makes the file run without STRIPE_SECRET_KEY, whatever the environment says, so every caller gets the
 * built-in test-mode processor (Stripe is chosen whenever a secret key is configured).
 */
export function withoutStripe(): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    resetEnvCache();
  });
  afterAll(() => {
    if (previous !== undefined) process.env.STRIPE_SECRET_KEY = previous;
    resetEnvCache();
  });
}

export async function paymentsSetup() {
  const { db } = await getDatabase();
  return { db, processor: getProcessor(db) };
}

/** Adds (or replaces) a user's card the way a human does: setup session, then the test card page. */
export async function addCard(user: { id: string; email: string | null }, number: string) {
  const { db, processor } = await paymentsSetup();
  const { setupUrl } = await startWalletSetup(db, { processor, user, returnUrl: BACK_URL });
  const intentId = setupUrl.split('/').pop() ?? '';
  expect(intentId).toMatch(/^seti_test_/);
  const confirmed = await confirmTestSetup(db, intentId, { number, expMonth: 12, expYear: 2034, cvc: '123' });
  expect(confirmed).toEqual({ ok: true, returnUrl: BACK_URL });
}

/** A fresh user with the given test card on file (none for `null`). */
export async function payerWithCard(number: string | null = '4242 4242 4242 4242') {
  const { db } = await paymentsSetup();
  const user = await insertUser(db);
  if (number) await addCard(user, number);
  return user;
}

/** A fresh user whose payout account finished test-mode onboarding. */
export async function onboardedWorker() {
  const { db, processor } = await paymentsSetup();
  const user = await insertUser(db);
  const { onboardingUrl } = await startPayoutOnboarding(db, {
    processor,
    user,
    returnUrl: BACK_URL,
    refreshUrl: BACK_URL,
  });
  expect(await completeTestOnboarding(db, onboardingUrl.split('/').pop() ?? '')).toBe(BACK_URL);
  return user;
}

/** A fresh task (random id) charged `amountCents` on a fresh payer's 4242 card. */
export async function chargedTask(amountCents: number) {
  const { db, processor } = await paymentsSetup();
  const user = await payerWithCard();
  const taskId = randomUUID();
  const charge = await chargeForTask(db, processor, { taskId, payerId: user.id, amountCents, description: 'Task' });
  return { user, taskId, charge };
}

/** A ledger account's balance by SQL sum (0 without entries). */
export async function ledgerBalance(account: string): Promise<number> {
  const { db } = await paymentsSetup();
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.sum);
}

/** The test-mode escrow balance of a task. */
export const escrowBalance = (taskId: string) => ledgerBalance(ledgerAccount.escrow('test', taskId));

/** A task's ledger transactions in posting order, each with its entries. */
export async function taskLedger(taskId: string) {
  const { db } = await paymentsSetup();
  const txs = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.taskId, taskId))
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.idempotencyKey));
  const ids = txs.map((tx) => tx.id);
  const entries = ids.length
    ? await db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.transactionId, ids))
        .orderBy(asc(ledgerEntries.id))
    : [];
  return txs.map((tx) => ({
    kind: tx.kind,
    key: tx.idempotencyKey,
    reference: tx.reference,
    livemode: tx.livemode,
    entries: entries
      .filter((entry) => entry.transactionId === tx.id)
      .map((entry) => ({ account: entry.account, amountCents: entry.amountCents })),
  }));
}

export async function chargeRows(taskId: string) {
  const { db } = await paymentsSetup();
  return db.select().from(charges).where(eq(charges.taskId, taskId));
}

export async function transferRows(taskId: string) {
  const { db } = await paymentsSetup();
  return db.select().from(transfers).where(eq(transfers.taskId, taskId));
}

/** Test-processor objects of `type` whose JSON `field` equals `value`. */
export async function processorObjects(type: string, field: string, value: string) {
  const { db } = await paymentsSetup();
  return db
    .select()
    .from(testProcessorObjects)
    .where(and(eq(testProcessorObjects.type, type), sql`${testProcessorObjects.data}->>${field} = ${value}`));
}

/** Asserts `promise` rejects with an ApiError of `code` carrying `fields`. */
export async function expectApiError(promise: Promise<unknown>, code: ErrorCode, fields: Record<string, unknown> = {}) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code, ...fields });
}
