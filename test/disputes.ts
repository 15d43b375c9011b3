import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as evidenceRoute } from '@/app/v1/disputes/[id]/evidence/route';
import { POST as resolveRoute } from '@/app/v1/disputes/[id]/resolve/route';
import { getDatabase } from '@/db/client';
import { adminAuditLog, disputeEvidence, disputes, type Task, uploads } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { call, uniqueIp } from './http';
import { escrowBalance, taskLedger } from './payments';
import { callAction, type FundedParties, taskEvents, taskInStatus } from './tasks';

// Dispute fixtures: a task disputed through the API, the rows its dispute wrote, and the money it moved.

export type DisputeOpening = { by?: 'requester' | 'worker'; reason?: string; details?: string };

/** A task of `parties` (2,000 budget, 2,300 in escrow), accepted, then disputed through the API by `by`. */
export async function disputedTask(parties: FundedParties, { by = 'worker', ...body }: DisputeOpening = {}) {
  const task = await taskInStatus(parties, 'accepted');
  const token = by === 'worker' ? parties.worker.token : parties.requester.token;
  const res = await callAction('dispute', task.id, token, { reason: 'The photos show a different shop.', ...body });
  expect(res.status, res.text).toBe(200);
  return { task, dispute: await disputeOf(task.id) };
}

/** The stored dispute of a task. */
export async function disputeOf(taskId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(disputes).where(eq(disputes.taskId, taskId));
  if (!row) throw new Error(`no dispute for task ${taskId}`);
  return row;
}

export async function evidenceRows(disputeId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(disputeEvidence)
    .where(eq(disputeEvidence.disputeId, disputeId))
    .orderBy(asc(disputeEvidence.createdAt));
}

/** The audit rows of one dispute. */
export async function auditRowsOf(disputeId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, 'dispute'), eq(adminAuditLog.targetId, disputeId)));
}

/** The task's `dispute.*` events, oldest first. */
export const disputeEvents = (taskId: string) => taskEvents(taskId, /^dispute\./);

/** An upload row owned by `userId` (no file: only ownership is checked). */
export async function insertUpload(userId: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(uploads)
    .values({ userId, contentType: 'image/png', sizeBytes: 68, sha256: 'x'.repeat(64), storageKey: `test/${userId}` })
    .returning();
  if (!row) throw new Error('upload insert failed');
  return row;
}

/** POST /v1/disputes/{id}/evidence as the holder of `token`. */
export function postEvidence(disputeId: string, token: string, body: Record<string, unknown>) {
  return call(evidenceRoute, `/v1/disputes/${disputeId}/evidence`, {
    token,
    ip: uniqueIp(),
    params: { id: disputeId },
    body,
  });
}

/** POST /v1/disputes/{id}/resolve as the holder of `token`. */
export function resolveById(disputeId: string, token: string, body: Record<string, unknown>) {
  return call(resolveRoute, `/v1/disputes/${disputeId}/resolve`, {
    token,
    ip: uniqueIp(),
    params: { id: disputeId },
    body,
  });
}

/** Where a task's money went: escrow left, the worker's payout, the refund and the platform's fee on this task. */
export async function moneyOf(task: Pick<Task, 'id' | 'requesterId' | 'workerId'>) {
  const ledger = await taskLedger(task.id);
  const sumOf = (account: string) =>
    ledger
      .flatMap((entry) => entry.entries)
      .filter((entry) => entry.account === account)
      .reduce((sum, entry) => sum + entry.amountCents, 0);
  return {
    escrow: await escrowBalance(task.id),
    worker: sumOf(ledgerAccount.workerPayouts('test', task.workerId ?? '')),
    refund: sumOf(ledgerAccount.refunds('test', task.requesterId)),
    fee: sumOf(ledgerAccount.platformFees('test')),
    transactions: ledger.length,
  };
}
