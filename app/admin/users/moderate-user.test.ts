import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { adminAuditLog, users, workerProfiles } from '@/db/schema';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { adminCallerOf } from '@/test/admin';
import { intakeAdminForFile } from '@/test/intake';
import { signUpViaApi } from '@/test/sessions';
import { fundedParties, taskInStatus, taskRow } from '@/test/tasks';
import { insertWorkerProfile } from '@/test/workers';
import { MAX_REASON, suspendWithForm, suspensionSummary, UNSUSPENDED, unsuspendWithForm } from './moderate-user';

// The users page's Suspend and Unsuspend, as its actions run them once the signed-in admin is known.

const signedIn = intakeAdminForFile();

const adminCaller = (): Promise<AdminCaller> => adminCallerOf(signedIn, '203.0.113.9');

const reasonForm = (reason: string) => {
  const form = new FormData();
  form.set('reason', reason);
  return form;
};

async function userRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('the users page: suspend and unsuspend', () => {
  it('says what a suspension did', () => {
    expect(suspensionSummary({ cancelledTaskIds: ['a', 'b'], unlisted: true })).toBe(
      'Suspended. 2 posted tasks cancelled and refunded; worker unlisted.',
    );
    expect(suspensionSummary({ cancelledTaskIds: ['a'], unlisted: false })).toBe(
      'Suspended. 1 posted task cancelled and refunded.',
    );
    expect(suspensionSummary({ cancelledTaskIds: [], unlisted: true })).toBe(
      'Suspended. No posted tasks to cancel; worker unlisted.',
    );
  });

  it('suspends with the reason: posted tasks cancelled and refunded, the worker unlisted, one audit row', async () => {
    const { db } = await getDatabase();
    const parties = await fundedParties();
    const posted = [await taskInStatus(parties, 'posted'), await taskInStatus(parties, 'posted')];
    await insertWorkerProfile(parties.requester.id, { isListed: true });

    const state = await suspendWithForm(
      db,
      await adminCaller(),
      parties.requester.id,
      reasonForm('  Chargeback fraud  '),
    );
    expect(state).toEqual({ done: 'Suspended. 2 posted tasks cancelled and refunded; worker unlisted.' });
    expect(await userRow(parties.requester.id)).toMatchObject({ suspensionReason: 'Chargeback fraud' });
    for (const task of posted) expect((await taskRow(task.id)).status).toBe('cancelled');
    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, parties.requester.id));
    expect(profile?.isListed).toBe(false);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, parties.requester.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.suspend', actorId: signedIn.userId, ip: '203.0.113.9' });

    expect(await suspendWithForm(db, await adminCaller(), parties.requester.id, reasonForm('again'))).toEqual({
      error: 'This user is already suspended',
    });
  });

  it('refuses a blank reason, oneself and an unknown id, changing nothing', async () => {
    const { db } = await getDatabase();
    const target = await signUpViaApi('target');
    for (const blank of ['', '   ']) {
      expect(await suspendWithForm(db, await adminCaller(), target.userId, reasonForm(blank))).toEqual({
        error: 'Reason: Must not be empty',
      });
    }
    expect(await suspendWithForm(db, await adminCaller(), target.userId, new FormData())).toEqual({
      error: 'Reason: Must not be empty',
    });
    expect(MAX_REASON).toBe(500);
    expect(await suspendWithForm(db, await adminCaller(), target.userId, reasonForm('x'.repeat(501)))).toEqual({
      error: 'Reason: Must be at most 500 characters',
    });
    expect((await userRow(target.userId))?.suspendedAt).toBeNull();

    expect(await suspendWithForm(db, await adminCaller(), signedIn.userId, reasonForm('oops'))).toEqual({
      error: 'You cannot suspend yourself',
    });
    expect((await userRow(signedIn.userId))?.suspendedAt).toBeNull();

    expect(await suspendWithForm(db, await adminCaller(), 'not-a-uuid', reasonForm('spam'))).toEqual({
      error: 'No such user',
    });
    expect(await suspendWithForm(db, await adminCaller(), crypto.randomUUID(), reasonForm('spam'))).toEqual({
      error: 'No such user',
    });
  });

  it('unsuspends a suspended user once; the reason is cleared', async () => {
    const { db } = await getDatabase();
    const target = await signUpViaApi('target');
    expect((await suspendWithForm(db, await adminCaller(), target.userId, reasonForm('spam'))).done).toBe(
      'Suspended. No posted tasks to cancel.',
    );
    expect(await unsuspendWithForm(db, await adminCaller(), target.userId)).toEqual({ done: UNSUSPENDED });
    expect(await userRow(target.userId)).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect(await unsuspendWithForm(db, await adminCaller(), target.userId)).toEqual({
      error: 'This user is not suspended',
    });
    expect(await unsuspendWithForm(db, await adminCaller(), 'nope')).toEqual({ error: 'No such user' });
  });
});
