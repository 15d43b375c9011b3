import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { disputes, users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { isAdmin } from '@/lib/auth/is-admin';
import { resolveDispute } from '@/lib/services/tasks/resolve-dispute';
import { disputedTask, disputeOf, moneyOf } from '@/test/disputes';
import { intakeAdminForFile } from '@/test/intake';
import { fundedPartiesForFile, taskRow } from '@/test/tasks';
import { findTaskDispute } from './find-task-dispute';
import { getDispute } from './get-dispute';
import { listDisputes } from './list-disputes';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

async function adminUser() {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(eq(users.id, admin.userId));
  if (!row) throw new Error('no admin row');
  const user = toActorUser(row);
  expect(isAdmin(user)).toBe(true);
  return user;
}

describe('dispute services', () => {
  it('findTaskDispute and getDispute give the pages the API’s resource, Dates as Dates', async () => {
    const { task, dispute } = await disputedTask(parties, { details: 'More words.' });
    const { db } = await getDatabase();
    const found = await findTaskDispute(db, { taskId: task.id });
    expect(found).toMatchObject({ id: dispute.id, details: 'More words.', createdAt: dispute.createdAt });
    expect(found?.createdAt).toBeInstanceOf(Date);
    expect(await getDispute(db, { user: await adminUser(), disputeId: dispute.id })).toEqual(found);
    expect(await findTaskDispute(db, { taskId: randomUUID() })).toBeNull();
    const page = await listDisputes(db, { user: await adminUser(), status: 'open', limit: 1 });
    expect(page.data).toHaveLength(1);
  });

  it('resolves a disputed task whose dispute row is missing: the row is created, as the backfill writes it', async () => {
    const { task, dispute } = await disputedTask(parties);
    const { db } = await getDatabase();
    await db.delete(disputes).where(eq(disputes.id, dispute.id));
    const result = await resolveDispute(db, {
      user: await adminUser(),
      taskId: task.id,
      resolution: { outcome: 'refund' },
      ip: '203.0.113.9',
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
