import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { disputes, users } from '@/db/schema';
import { resolveDisputeById } from '@/lib/services/disputes/resolve-dispute-by-id';
import { adminCallerOf } from '@/test/admin';
import { intakeAdminForFile } from '@/test/intake';
import { posted } from '@/test/messages';
import { callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { loadDisputePage } from './load-dispute-page';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

const adminActor = () => adminCallerOf(admin);

describe('loadDisputePage', () => {
  it('gives staff the dispute, its task, both sides’ thread oldest first, and who resolved it', async () => {
    const { db } = await getDatabase();
    const task = await taskInStatus(parties, 'accepted');
    await posted(parties.worker.token, task.id, 'I am at the shop.');
    await posted(parties.requester.token, task.id, 'That is the wrong shop.');
    const opened = await callAction('dispute', task.id, parties.requester.token, { reason: 'Wrong shop' });
    expect(opened.status, opened.text).toBe(200);
    const [row] = await db.select().from(disputes).where(eq(disputes.taskId, task.id));
    const disputeId = row?.id ?? '';

    const page = await loadDisputePage(db, await adminActor(), disputeId);
    expect(page.dispute).toMatchObject({ id: disputeId, openedBy: 'requester', reason: 'Wrong shop', status: 'open' });
    expect(page.task).toMatchObject({ id: task.id, title: task.title, status: 'disputed', totalCents: 2_300 });
    expect(page.messages.map((message) => [message.senderSide, message.body])).toEqual([
      ['worker', 'I am at the shop.'],
      ['requester', 'That is the wrong shop.'],
    ]);
    expect(page.resolver).toBeNull();
    expect(page.operators).toEqual({ requester: null, worker: null });

    await resolveDisputeById(db, {
      admin: await adminActor(),
      disputeId,
      resolution: { outcome: 'refund', note: 'The proof shows another shop.' },
    });
    const resolved = await loadDisputePage(db, await adminActor(), disputeId);
    expect(resolved.dispute.resolution).toMatchObject({ outcome: 'refund', workerCents: 0, refundCents: 2_300 });
    expect(resolved.resolver).toEqual({ name: null, email: admin.email });
  });

  it('names the operator behind a side that is an agent', async () => {
    const { db } = await getDatabase();
    const byAgent = { ...parties, requester: parties.agent };
    const task = await taskInStatus(byAgent, 'accepted');
    const opened = await callAction('dispute', task.id, parties.worker.token, { reason: 'Never paid' });
    expect(opened.status, opened.text).toBe(200);
    const [row] = await db.select().from(disputes).where(eq(disputes.taskId, task.id));
    const [operator] = await db.select().from(users).where(eq(users.id, parties.requester.id));

    const page = await loadDisputePage(db, await adminActor(), row?.id ?? '');
    expect(page.names.requester).toBe('Scout');
    expect(page.operators).toEqual({
      requester: { id: parties.requester.id, name: operator?.name ?? null, email: operator?.email ?? null },
      worker: null,
    });
    expect(page.operators.requester?.email).toMatch(/@/);
  });

  it('is the 404 page for an unknown or malformed id', async () => {
    const { db } = await getDatabase();
    for (const id of [randomUUID(), 'not-a-uuid']) {
      await expect(loadDisputePage(db, await adminActor(), id)).rejects.toMatchObject({
        digest: 'NEXT_HTTP_ERROR_FALLBACK;404',
      });
    }
  });
});
