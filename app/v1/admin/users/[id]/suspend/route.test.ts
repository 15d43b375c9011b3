import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { GET as me } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { findLiveSession } from '@/lib/services/sessions/find-live-session';
import { adminForFile, auditRowsFor, SUSPENDED_BODY } from '@/test/admin';
import { insertTask } from '@/test/agents';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { addCard, chargeRows, escrowBalance, processorObjects, taskLedger, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { type FundedParties, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { insertWorkerProfile, onboardPayouts } from '@/test/workers';
import { POST as unsuspend } from '../unsuspend/route';
import { POST as suspend } from './route';

withoutStripe();
const admin = adminForFile();
const PASSWORD = 'correct horse battery';

const suspendAs = (token: string, id: string, body: unknown = { reason: 'Fraudulent tasks' }) =>
  call(suspend, `/v1/admin/users/${id}/suspend`, { token, params: { id }, body, ip: '203.0.113.7' });
const unsuspendAs = (token: string, id: string) =>
  call(unsuspend, `/v1/admin/users/${id}/unsuspend`, { token, params: { id }, ip: uniqueIp() });
const meAs = (token: string) => call(me, '/v1/users/me', { token, ip: uniqueIp() });
const signInAs = (email: string) =>
  call(signIn, '/v1/auth/sessions', { body: { email, password: PASSWORD }, ip: uniqueIp() });

/** A requester with a card who is also a listed worker, operates an agent and has an API key of its own. */
async function account() {
  const { db } = await getDatabase();
  const human = await signUpViaApi('suspect');
  await addCard({ id: human.userId, email: null }, '4242 4242 4242 4242');
  await insertWorkerProfile(human.userId, { isListed: true });
  const agent = await insertUser(db, { type: 'agent', ownerId: human.userId, email: null, name: 'Scout' });
  const agentKey = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
  const ownKey = await insertApiKey(db, { userId: human.userId, mode: 'test', scopes: [...SCOPES] });
  const worker = await signUpViaApi('worker');
  await insertWorkerProfile(worker.userId, { isListed: true });
  await onboardPayouts({ id: worker.userId, email: null });
  const parties: FundedParties = {
    requester: { id: human.userId, token: human.token },
    agent: { id: agent.id, token: agentKey.key },
    worker: { id: worker.userId, token: worker.token },
  };
  return { human, agent, agentKey: agentKey.key, ownKey: ownKey.key, parties };
}

describe('POST /v1/admin/users/{id}/suspend', () => {
  it('stops the session and every key at once, unlists, cancels and refunds posted tasks, leaves accepted ones', async () => {
    const { human, agent, agentKey, ownKey, parties } = await account();
    const posted = await taskInStatus(parties, 'posted');
    const accepted = await taskInStatus(parties, 'accepted');
    const agentsPosted = await insertTask(agent.id, { status: 'posted', livemode: false });
    expect(await escrowBalance(posted.id)).toBe(posted.totalCents);
    const acceptedEscrow = await escrowBalance(accepted.id);
    for (const token of [human.token, agentKey, ownKey]) expect((await meAs(token)).status).toBe(200);

    const res = await suspendAs(admin.token, human.userId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({
      id: human.userId,
      suspendedAt: expect.any(String),
      suspensionReason: 'Fraudulent tasks',
      cancelledTaskIds: expect.arrayContaining([posted.id, agentsPosted.id]),
      unlisted: true,
    });
    expect(res.json.data.cancelledTaskIds).toHaveLength(2);

    // The very next request of each credential: 401, saying why.
    for (const token of [human.token, agentKey, ownKey]) {
      const refused = await meAs(token);
      expect(refused.status).toBe(401);
      expect(refused.json).toEqual(SUSPENDED_BODY);
    }
    const refusedSignIn = await signInAs(human.email);
    expect(refusedSignIn.status).toBe(401);
    expect(refusedSignIn.json).toEqual(SUSPENDED_BODY);
    // The browser's session (its cookie names the row) is no longer live: the pages treat it as signed out.
    const { db } = await getDatabase();
    expect(await findLiveSession(db, { token: human.token })).toBeUndefined();

    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, human.userId));
    expect(profile?.isListed).toBe(false);

    const cancelled = await taskRow(posted.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await escrowBalance(posted.id)).toBe(0);
    expect((await taskLedger(posted.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    // The refund reached the card once the suspension committed (the payment outbox, sent right after).
    const [charge] = await chargeRows(posted.id);
    const refunded = await processorObjects('refund', 'payment_intent', charge?.processorId ?? '');
    expect(refunded.map((object) => object.data.amount)).toEqual([posted.totalCents]);
    expect((await taskEvents(posted.id)).at(-1)).toMatchObject({
      type: 'task.cancelled',
      data: { previousStatus: 'posted', reason: 'requester_suspended' },
    });
    expect((await taskRow(agentsPosted.id)).status).toBe('cancelled');
    const untouched = await taskRow(accepted.id);
    expect(untouched.status).toBe('accepted');
    expect(await escrowBalance(accepted.id)).toBe(acceptedEscrow);

    const [audit] = await auditRowsFor(human.userId);
    expect(audit).toMatchObject({
      actorId: admin.userId,
      action: 'user.suspend',
      targetType: 'user',
      ip: '203.0.113.7',
      before: { suspendedAt: null, listed: true, postedTasks: 2 },
      after: { reason: 'Fraudulent tasks', listed: false, postedTasks: 0 },
    });

    // Unsuspending restores every credential and sign-in; what the suspension did stays done.
    const lifted = await unsuspendAs(admin.token, human.userId);
    expect(lifted.status, lifted.text).toBe(200);
    expect(lifted.json.data).toEqual({ id: human.userId, suspendedAt: null, suspensionReason: null });
    for (const token of [human.token, agentKey, ownKey]) expect((await meAs(token)).status).toBe(200);
    expect((await signInAs(human.email)).status).toBe(201);
    expect((await taskRow(posted.id)).status).toBe('cancelled');
    const [unsuspended] = await auditRowsFor(human.userId);
    expect(unsuspended).toMatchObject({
      action: 'user.unsuspend',
      before: { reason: 'Fraudulent tasks' },
      after: { suspendedAt: null },
    });
  });

  it('suspends one agent by itself: its keys stop, its operator’s do not', async () => {
    const { human, agent, agentKey, ownKey } = await account();
    const res = await suspendAs(admin.token, agent.id, { reason: 'Spamming workers' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ cancelledTaskIds: [], unlisted: false });
    expect((await meAs(agentKey)).json).toEqual(SUSPENDED_BODY);
    expect((await meAs(ownKey)).status).toBe(200);
    expect((await meAs(human.token)).status).toBe(200);
    expect((await unsuspendAs(admin.token, agent.id)).status).toBe(200);
    expect((await meAs(agentKey)).status).toBe(200);
  });

  it('is 409 for yourself, another admin, twice, or unsuspending someone not suspended; 404 for no one', async () => {
    const other = await signUpViaApi('other');
    const self = await suspendAs(admin.token, admin.userId);
    expect(self.status).toBe(409);
    expect(self.json).toEqual(
      envelope('CONFLICT', { message: 'You cannot suspend yourself', hint: 'Ask another admin.' }),
    );

    const second = await signUpViaApi('admin', { verified: true });
    await withEnv({ ADMIN_EMAILS: `${admin.email},${second.email}` }, async () => {
      const res = await suspendAs(admin.token, second.userId);
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({ code: 'CONFLICT', message: 'Admins cannot be suspended' });
    });

    expect((await suspendAs(admin.token, other.userId)).status).toBe(200);
    const twice = await suspendAs(admin.token, other.userId, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toMatchObject({ code: 'CONFLICT', message: 'This user is already suspended' });
    expect((await unsuspendAs(admin.token, other.userId)).status).toBe(200);
    const notSuspended = await unsuspendAs(admin.token, other.userId);
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.json.error).toMatchObject({ code: 'CONFLICT', message: 'This user is not suspended' });
    expect((await auditRowsFor(other.userId)).map((row) => row.action)).toEqual(['user.unsuspend', 'user.suspend']);

    for (const res of [await suspendAs(admin.token, randomUUID()), await unsuspendAs(admin.token, randomUUID())]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual(envelope('NOT_FOUND', { message: 'No such user' }));
    }
    expect(await auditRowsFor(admin.userId)).toEqual([]);
  });

  it('needs a reason of 1 to 500 characters', async () => {
    const other = await signUpViaApi('other');
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const res = await suspendAs(admin.token, other.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await meAs(other.token)).status).toBe(200);
  });
});
