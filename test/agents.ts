import { expect } from 'vitest';
import { POST as createAgentRoute } from '@/app/v1/operators/me/agents/route';
import { getDatabase } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import type { LedgerTransactionInput } from '@/lib/payments/ledger/post-ledger-transaction';
import { priceTask } from '@/lib/tasks/task-rules';
import { call } from './http';
import { post } from './ledger';

// Helpers for the tests of /v1/operators/me/agents.

/** An agent created through POST /v1/operators/me/agents by the operator holding `token`. */
export async function createAgentViaApi(token: string, body: Record<string, unknown> = { name: 'Scout' }) {
  const res = await call(createAgentRoute, '/v1/operators/me/agents', { token, body });
  expect(res.status).toBe(201);
  return {
    id: res.json.data.agent.id as string,
    key: res.json.data.apiKey.key as string,
    keyId: res.json.data.apiKey.id as string,
  };
}

/** A task row requested by `requesterId` (a budget of 2,000 cents: 2,300 charged). */
export async function insertTask(
  requesterId: string,
  overrides: Partial<Pick<Task, 'status' | 'livemode' | 'title' | 'instructions' | 'workerId' | 'acceptedAt'>> = {},
) {
  const { db } = await getDatabase();
  const [task] = await db
    .insert(tasks)
    .values({
      requesterId,
      title: 'Photograph the storefront',
      category: 'photography',
      ...priceTask(2_000),
      deadline: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      livemode: true,
      ...overrides,
    })
    .returning();
  if (!task) throw new Error('task insert failed');
  return task;
}

const modeOf = (task: Task): LedgerMode => (task.livemode ? 'live' : 'test');

function movement(task: Task, kind: LedgerTransactionInput['kind'], suffix: string) {
  return {
    kind,
    idempotencyKey: `${modeOf(task)}:task:${task.id}:${suffix}`,
    livemode: task.livemode,
    taskId: task.id,
    description: `test ${kind}`,
  };
}

/** The payer's card money into the task's escrow, as `chargeForTask` posts it. */
export function chargeTask(task: Task, payerId: string, amountCents: number) {
  const mode = modeOf(task);
  return post({
    ...movement(task, 'charge', 'charge'),
    userId: payerId,
    entries: [
      { account: ledgerAccount.requesterFunding(mode, payerId), amountCents: -amountCents },
      { account: ledgerAccount.escrow(mode, task.id), amountCents },
    ],
  });
}

/** An x402 (USDC) payment into the task's escrow. */
export function receiveX402(task: Task, amountCents: number) {
  const mode = modeOf(task);
  return post({
    ...movement(task, 'x402_receipt', 'x402'),
    userId: task.requesterId,
    entries: [
      { account: ledgerAccount.x402Receipts(mode), amountCents: -amountCents },
      { account: ledgerAccount.escrow(mode, task.id), amountCents },
    ],
  });
}

/** Part of the escrow back to the payer's card, as `refundTask` posts it. */
export function refundCharge(task: Task, payerId: string, amountCents: number, suffix = 'refund') {
  const mode = modeOf(task);
  return post({
    ...movement(task, 'refund', suffix),
    userId: payerId,
    entries: [
      { account: ledgerAccount.escrow(mode, task.id), amountCents: -amountCents },
      { account: ledgerAccount.refunds(mode, payerId), amountCents },
    ],
  });
}

/** The escrow paid out on completion: the budget to the worker, the fee to the platform. */
export function payWorker(task: Task, workerId: string) {
  const mode = modeOf(task);
  return post({
    ...movement(task, 'transfer', 'transfer'),
    userId: workerId,
    entries: [
      { account: ledgerAccount.escrow(mode, task.id), amountCents: -task.totalCents },
      { account: ledgerAccount.workerPayouts(mode, workerId), amountCents: task.budgetCents },
      { account: ledgerAccount.platformFees(mode), amountCents: task.platformFeeCents },
    ],
  });
}
