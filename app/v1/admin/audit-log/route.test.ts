import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as suspend } from '@/app/v1/admin/users/[id]/suspend/route';
import { POST as unsuspend } from '@/app/v1/admin/users/[id]/unsuspend/route';
import { getDatabase } from '@/db/client';
import { adminCallerOf, adminForFile } from '@/test/admin';
import { disputedTask, resolveById } from '@/test/disputes';
import { validationEnvelope } from '@/test/expect';
import { insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { fundedPartiesForFile } from '@/test/tasks';
import { GET as auditLog } from './route';

const admin = adminForFile();
const parties = fundedPartiesForFile();

const list = (query: Record<string, string>) =>
  call(auditLog, '/v1/admin/audit-log', { token: admin.token, query, ip: uniqueIp() });

describe('GET /v1/admin/audit-log', () => {
  it('shows every admin action newest first, with who, what, on what, with which credential, from where; filters by action and target', async () => {
    const target = await signUpViaApi('target');
    const params = { id: target.userId };
    const ip = uniqueIp();
    await call(suspend, `/v1/admin/users/${target.userId}/suspend`, {
      token: admin.token,
      params,
      body: { reason: 'Testing the log' },
      ip,
    });
    await call(unsuspend, `/v1/admin/users/${target.userId}/unsuspend`, { token: admin.token, params, ip });

    const res = await list({ targetId: target.userId });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((entry: { action: string }) => entry.action)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(res.json.data[1]).toEqual({
      id: expect.any(String),
      actor: { id: admin.userId, email: admin.email, operator: null },
      action: 'user.suspend',
      target: { type: 'user', id: target.userId, operator: null },
      before: { suspendedAt: null, listed: false, postedTasks: 0 },
      after: {
        suspendedAt: expect.any(String),
        reason: 'Testing the log',
        listed: false,
        postedTasks: 0,
        cancelledTaskIds: [],
      },
      ip,
      credential: { kind: 'session', id: (await adminCallerOf(admin)).credential.id },
      createdAt: expect.any(String),
    });

    const onlySuspensions = await list({ targetId: target.userId, action: 'user.suspend' });
    expect(onlySuspensions.json.data).toHaveLength(1);
    const page = await list({ targetId: target.userId, limit: '1' });
    expect(page.json.hasMore).toBe(true);
    const next = await list({ targetId: target.userId, limit: '1', cursor: page.json.nextCursor });
    expect(next.json.data.map((entry: { action: string }) => entry.action)).toEqual(['user.suspend']);
    expect((await list({ targetId: randomUUID() })).json.data).toEqual([]);
  });

  it('an agent as target carries its operator, the human behind it', async () => {
    const { db } = await getDatabase();
    const operator = await signUpViaApi('operator');
    const agent = await insertUser(db, { type: 'agent', email: null, ownerId: operator.userId, name: 'Scout' });
    const suspended = await call(suspend, `/v1/admin/users/${agent.id}/suspend`, {
      token: admin.token,
      params: { id: agent.id },
      body: { reason: 'A runaway agent' },
      ip: uniqueIp(),
    });
    expect(suspended.status, suspended.text).toBe(200);

    const res = await list({ targetId: agent.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({
      actor: { id: admin.userId, email: admin.email, operator: null },
      action: 'user.suspend',
      target: { type: 'user', id: agent.id, operator: { id: operator.userId, name: null, email: operator.email } },
    });
  });

  it('a dispute resolution’s entry says what it did: the outcome and where every cent went', async () => {
    const { dispute } = await disputedTask(parties);
    const resolved = await resolveById(dispute.id, admin.token, { outcome: 'split', workerCents: 1_200, note: 'Half' });
    expect(resolved.status, resolved.text).toBe(200);

    const res = await list({ targetId: dispute.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({
        action: 'dispute.resolve',
        target: { type: 'dispute', id: dispute.id, operator: null },
        before: { status: 'open' },
        after: { outcome: 'split', workerCents: 1_200, refundCents: 920, feeCents: 180 },
      }),
    ]);
  });

  it('a NUL in `action` is 400 VALIDATION_ERROR naming it, not a 500 from Postgres (found by test/fuzz)', async () => {
    const res = await list({ action: 'a\u0000b' });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['action'], message: 'Must not contain NUL (\\u0000) characters' }]),
    );
  });

  it('a NUL in `targetId` is 400 VALIDATION_ERROR naming it, not a 500 from Postgres (found by test/fuzz)', async () => {
    const res = await list({ targetId: 'a\u0000b' });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['targetId'], message: 'Must not contain NUL (\\u0000) characters' }]),
    );
  });
});
