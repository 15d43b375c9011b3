import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as resolveAlias } from '@/app/v1/tasks/[id]/resolve/route';
import { auditRowsOf, disputedTask, disputeEvents, disputeOf, moneyOf, resolveById } from '@/test/disputes';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { fundedPartiesForFile, taskEvents, taskRow } from '@/test/tasks';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

const NOTE = 'Both sides heard; the photos show the right shop.';

describe('POST /v1/disputes/{id}/resolve', () => {
  it('splits: the worker gets workerCents, the fee is on that part only, the rest is refunded', async () => {
    const { task, dispute } = await disputedTask(parties);
    const res = await resolveById(dispute.id, admin.token, { outcome: 'split', workerCents: 1_200, note: NOTE });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({
      id: dispute.id,
      taskId: task.id,
      openedBy: 'worker',
      reason: 'The photos show a different shop.',
      details: null,
      status: 'resolved',
      createdAt: dispute.createdAt.toISOString(),
      evidence: [],
      resolution: {
        outcome: 'split',
        workerCents: 1_200,
        refundCents: 920,
        note: NOTE,
        resolvedAt: expect.any(String),
      },
    });
    // 2,300 in escrow: 1,200 to the worker, 180 (15% of 1,200) to the platform, 920 back.
    expect(await moneyOf(await taskRow(task.id))).toMatchObject({ escrow: 0, worker: 1_200, fee: 180, refund: 920 });
    expect((await taskRow(task.id)).status).toBe('resolved');
    expect(await disputeOf(task.id)).toMatchObject({
      status: 'resolved',
      outcome: 'split',
      workerCents: 1_200,
      refundCents: 920,
      note: NOTE,
      resolvedById: admin.userId,
    });
    expect(await auditRowsOf(dispute.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'dispute.resolve',
        before: { status: 'open' },
        after: { outcome: 'split', workerCents: 1_200, refundCents: 920, feeCents: 180 },
      }),
    ]);
    const resolved = (await disputeEvents(task.id)).find((event) => event.type === 'dispute.resolved');
    expect(resolved?.data).toMatchObject({
      dispute: { id: dispute.id, status: 'resolved', resolution: { outcome: 'split', refundCents: 920 } },
      task: { id: task.id, title: task.title },
    });
    expect(resolved?.audience).toEqual(expect.arrayContaining([parties.requester.id, parties.worker.id]));
    expect((await taskEvents(task.id)).at(-1)?.type).toBe('task.resolved');
  });

  it.each([
    ['refund', { worker: 0, fee: 0, refund: 2_300 }, { workerCents: 0, refundCents: 2_300 }],
    ['pay_worker', { worker: 2_000, fee: 300, refund: 0 }, { workerCents: 2_000, refundCents: 0 }],
  ] as const)('%s moves the whole escrow once', async (outcome, money, resolution) => {
    const { task, dispute } = await disputedTask(parties);
    const res = await resolveById(dispute.id, admin.token, { outcome, note: NOTE });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.resolution).toMatchObject({ outcome, ...resolution });
    expect(await moneyOf(await taskRow(task.id))).toMatchObject({ escrow: 0, ...money });
  });

  it('of two resolutions at once exactly one wins; the money moves once', async () => {
    const { task, dispute } = await disputedTask(parties);
    const before = await moneyOf(await taskRow(task.id));
    const answers = await Promise.all([
      resolveById(dispute.id, admin.token, { outcome: 'refund', note: NOTE }),
      resolveById(dispute.id, admin.token, { outcome: 'pay_worker', note: NOTE }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const lost = answers.find((res) => res.status === 409);
    expect(lost?.json).toEqual(envelope('DISPUTE_NOT_OPEN'));
    const after = await moneyOf(await taskRow(task.id));
    expect(after.escrow).toBe(0);
    // One outcome's movements: a refund (one transaction) or a transfer with its fee, never both.
    expect(after.worker === 0 || after.refund === 0).toBe(true);
    expect(after.transactions - before.transactions).toBe(1);
    expect(await auditRowsOf(dispute.id)).toHaveLength(1);
  });

  it('refuses a bad workerCents with 400 and changes nothing', async () => {
    const { task, dispute } = await disputedTask(parties);
    const cases: [Record<string, unknown>, string][] = [
      [{ outcome: 'split', workerCents: -5 }, 'Must be at least 1 cent'],
      [{ outcome: 'split', workerCents: 2_000 }, 'Must be a whole number of cents from 1 to 1999'],
      [{ outcome: 'split' }, 'A split names workerCents'],
      [{ outcome: 'refund', workerCents: 100 }, 'Only a split names workerCents, not refund'],
    ];
    for (const [body, message] of cases) {
      const res = await resolveById(dispute.id, admin.token, { ...body, note: NOTE });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: ['workerCents'], message }] });
    }
    const noNote = await resolveById(dispute.id, admin.token, { outcome: 'refund' });
    expect(noNote.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['note']]);
    expect(await moneyOf(await taskRow(task.id))).toMatchObject({ escrow: 2_300, worker: 0, refund: 0 });
    expect(await disputeOf(task.id)).toMatchObject({ status: 'open', outcome: null });
    expect((await taskRow(task.id)).status).toBe('disputed');
    expect(await auditRowsOf(dispute.id)).toEqual([]);
  });

  it('is for admins only (403), 404 for an unknown id, 409 once resolved', async () => {
    const { task, dispute } = await disputedTask(parties);
    const body = { outcome: 'refund', note: NOTE };
    expect((await resolveById(dispute.id, parties.requester.token, body)).json).toEqual(
      envelope('FORBIDDEN', {
        message: 'Only admins can resolve disputes',
        hint: 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
      }),
    );
    const unknown = await resolveById(randomUUID(), admin.token, body);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('No such dispute');
    expect((await resolveById(dispute.id, admin.token, body)).status).toBe(200);
    const again = await resolveById(dispute.id, admin.token, body);
    expect(again.status).toBe(409);
    expect(again.json).toEqual(envelope('DISPUTE_NOT_OPEN'));
    expect((await moneyOf(await taskRow(task.id))).refund).toBe(2_300);
  });

  it('the alias POST /v1/tasks/{id}/resolve records the same resolution', async () => {
    const { task, dispute } = await disputedTask(parties, { by: 'requester' });
    const res = await call(resolveAlias, `/v1/tasks/${task.id}/resolve`, {
      token: admin.token,
      ip: uniqueIp(),
      params: { id: task.id },
      body: { outcome: 'split', workerCents: 1_200 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('resolved');
    expect(await disputeOf(task.id)).toMatchObject({
      id: dispute.id,
      openedBy: 'requester',
      status: 'resolved',
      outcome: 'split',
      workerCents: 1_200,
      refundCents: 920,
      note: null,
      resolvedById: admin.userId,
    });
    expect(await moneyOf(await taskRow(task.id))).toMatchObject({ escrow: 0, worker: 1_200, fee: 180, refund: 920 });
    expect(await auditRowsOf(dispute.id)).toHaveLength(1);
    const second = await resolveById(dispute.id, admin.token, { outcome: 'refund', note: NOTE });
    expect(second.json).toEqual(envelope('DISPUTE_NOT_OPEN'));
  });
});
