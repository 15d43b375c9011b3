import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getWorker } from '@/app/v1/workers/[id]/route';
import { getDatabase } from '@/db/client';
import { users, workerProfiles } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { withEnv } from '@/test/env';
import { call, uniqueIp } from '@/test/http';
import { escrowBalance, ledgerBalance, taskLedger } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import {
  anotherWorker,
  assignmentsOf,
  callAction,
  fundedPartiesForFile,
  passDeadline,
  taskEvents,
  taskInStatus,
  taskRow,
} from '@/test/tasks';

// "Escrow held hostage" (issue 15): past an accepted task's deadline, with nothing submitted, the requester may
// cancel it with a full refund, and the worker's assignment ends as a no-show. Before it, a cancel may owe the
// worker the late-cancel fee (route.fee.test.ts).

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/cancel on an accepted task', () => {
  it('past the deadline with nothing submitted: cancelled, refunded in full, the assignment ended as a no-show', async () => {
    const task = await passDeadline((await taskInStatus(parties, 'accepted')).id);
    expect(await escrowBalance(task.id)).toBe(2_300);
    const refundsBefore = await ledgerBalance(ledgerAccount.refunds('test', parties.requester.id));

    const res = await callAction('cancel', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id: task.id, status: 'cancelled', workerId: parties.worker.id });
    expect(res.json.data.cancelledAt).not.toBeNull();

    // The whole escrow went back to the requester's card, in the same step.
    expect(await escrowBalance(task.id)).toBe(0);
    const ledger = await taskLedger(task.id);
    expect(ledger.map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect(ledger[1]?.entries).toEqual(
      expect.arrayContaining([
        { account: ledgerAccount.escrow('test', task.id), amountCents: -2_300 },
        { account: ledgerAccount.refunds('test', parties.requester.id), amountCents: 2_300 },
      ]),
    );
    expect(await ledgerBalance(ledgerAccount.refunds('test', parties.requester.id))).toBe(refundsBefore + 2_300);

    const [assignment, ...more] = await assignmentsOf(task.id);
    expect(more).toEqual([]);
    expect(assignment).toMatchObject({ workerId: parties.worker.id, endReason: 'no_show' });
    expect(assignment?.endedAt).toBeInstanceOf(Date);

    const cancelled = (await taskEvents(task.id)).at(-1);
    expect(cancelled).toMatchObject({ type: 'task.cancelled', data: { previousStatus: 'accepted' } });
    // The worker who did not show hears of it.
    expect(cancelled?.audience).toContain(parties.worker.id);
    expect((await taskEvents(task.id, /^payment\.refunded$/)).map((event) => event.data.amountCents)).toEqual([2_300]);
  });

  it('the worker cannot cancel it, even past the deadline (403)', async () => {
    const task = await passDeadline((await taskInStatus(parties, 'accepted')).id);
    const res = await callAction('cancel', task.id, parties.worker.token);
    expect(res.status, res.text).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'FORBIDDEN', message: 'Only the requester can cancel this task' });
    expect(await taskRow(task.id)).toEqual(task);
    expect(await escrowBalance(task.id)).toBe(2_300);
    expect((await assignmentsOf(task.id))[0]?.endReason).toBeNull();
  });

  it('only the current assignment counts: the no-show is recorded on it, not on an earlier worker who withdrew', async () => {
    const task = await taskInStatus(parties, 'accepted');
    const next = await anotherWorker();
    expect((await callAction('withdraw', task.id, parties.worker.token)).status).toBe(200);
    expect((await callAction('accept', task.id, next.token)).status).toBe(200);
    await passDeadline(task.id);
    expect((await callAction('cancel', task.id, parties.requester.token)).status).toBe(200);
    expect((await assignmentsOf(task.id)).map((row) => [row.workerId, row.endReason])).toEqual([
      [parties.worker.id, 'withdrawn'],
      [next.id, 'no_show'],
    ]);
    expect(await escrowBalance(task.id)).toBe(0);
  });
});

describe('the no-show on the worker’s profile', () => {
  it('admins see noShowCount on GET /v1/workers/{id}; anyone else does not', async () => {
    const worker = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    expect((await callAction('accept', task.id, worker.token)).status).toBe(200);
    await passDeadline(task.id);
    expect((await callAction('cancel', task.id, parties.requester.token)).status).toBe(200);

    const { db } = await getDatabase();
    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, worker.id));
    const profileId = profile?.id ?? '';
    const admin = await signUpViaApi('admin');
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, admin.userId));
    const view = (token: string) =>
      withEnv({ ADMIN_EMAILS: admin.email }, () =>
        call(getWorker, `/v1/workers/${profileId}`, { token, ip: uniqueIp(), params: { id: profileId } }),
      );

    const asAdmin = await view(admin.token);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.json.data).toMatchObject({ userId: worker.id, noShowCount: 1 });
    const asRequester = await view(parties.requester.token);
    expect(asRequester.status, asRequester.text).toBe(200);
    expect(asRequester.json.data).not.toHaveProperty('noShowCount');
  });
});
