import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { disputes } from '@/db/schema';
import { adminCallerOf } from '@/test/admin';
import { disputedTask, disputeOf, moneyOf } from '@/test/disputes';
import { intakeAdminForFile } from '@/test/intake';
import { fundedPartiesForFile, taskRow } from '@/test/tasks';
import { findTaskDispute } from './find-task-dispute';
import { getDispute } from './get-dispute';
import { listDisputes } from './list-disputes';
import { resolveDispute } from './resolve-dispute';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

describe('dispute services', () => {
  it('findTaskDispute and getDispute give the pages the API’s resource, Dates as Dates', async () => {
    const { task, dispute } = await disputedTask(parties, { details: 'More words.' });
    const { db } = await getDatabase();
    const found = await findTaskDispute(db, { taskId: task.id });
    expect(found).toMatchObject({ id: dispute.id, details: 'More words.', createdAt: dispute.createdAt });
    expect(found?.createdAt).toBeInstanceOf(Date);
    expect(await getDispute(db, { caller: await adminCallerOf(admin), disputeId: dispute.id })).toEqual(found);
    expect(await findTaskDispute(db, { taskId: randomUUID() })).toBeNull();
    const page = await listDisputes(db, { caller: await adminCallerOf(admin), status: 'open', limit: 1 });
    expect(page.data).toHaveLength(1);
  });

  it('resolves a disputed task whose dispute row is missing: the row is created, as the backfill writes it', async () => {
    const { task, dispute } = await disputedTask(parties);
    const { db } = await getDatabase();
    await db.delete(disputes).where(eq(disputes.id, dispute.id));
    const result = await resolveDispute(db, {
      admin: await adminCallerOf(admin, '203.0.113.9'),
      taskId: task.id,
      resolution: { outcome: 'refund' },
    });
    expect(result.task.status).toBe('resolved');
    expect(result.dispute).toMatchObject({ openedBy: 'requester', reason: 'Not recorded', status: 'resolved' });
    expect(await disputeOf(task.id)).toMatchObject({
      openedById: task.requesterId,
      outcome: 'refund',
      refundCents: 2_300,
    });
    expect((await moneyOf(await taskRow(task.id))).escrow).toBe(0);
  });
});
