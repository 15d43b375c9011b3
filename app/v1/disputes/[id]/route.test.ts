import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { disputedTask, disputeEvents, postEvidence } from '@/test/disputes';
import { call, uniqueIp } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { anotherWorker, fundedPartiesForFile } from '@/test/tasks';
import { GET as get } from './route';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

const getAs = (token: string, id: string) => call(get, `/v1/disputes/${id}`, { token, ip: uniqueIp(), params: { id } });

describe('GET /v1/disputes/{id}', () => {
  it('opening a dispute stores who opened it, why, and tells both sides with dispute.opened', async () => {
    const { task, dispute } = await disputedTask(parties, {
      by: 'requester',
      reason: 'Wrong shop',
      details: 'The photos are of number 14, not 12.',
    });
    expect(dispute).toMatchObject({ openedBy: 'requester', openedById: parties.requester.id, status: 'open' });
    const expected = {
      id: dispute.id,
      taskId: task.id,
      openedBy: 'requester',
      reason: 'Wrong shop',
      details: 'The photos are of number 14, not 12.',
      status: 'open',
      createdAt: dispute.createdAt.toISOString(),
      evidence: [],
      resolution: null,
    };
    for (const token of [parties.requester.token, parties.worker.token, admin.token]) {
      const res = await getAs(token, dispute.id);
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toEqual(expected);
    }
    const [opened] = await disputeEvents(task.id);
    expect(opened?.type).toBe('dispute.opened');
    expect(opened?.data).toEqual({ dispute: expected, task: { id: task.id, title: task.title } });
    expect(opened?.audience).toEqual(expect.arrayContaining([parties.requester.id, parties.worker.id]));
  });

  it('shows the evidence oldest first', async () => {
    const { dispute } = await disputedTask(parties);
    expect((await postEvidence(dispute.id, parties.worker.token, { text: 'First' })).status).toBe(201);
    expect((await postEvidence(dispute.id, admin.token, { text: 'Second' })).status).toBe(201);
    const res = await getAs(parties.requester.token, dispute.id);
    expect(res.json.data.openedBy).toBe('worker');
    expect(res.json.data.evidence.map((item: { by: string; text: string }) => [item.by, item.text])).toEqual([
      ['worker', 'First'],
      ['admin', 'Second'],
    ]);
  });

  it('is 404 for anyone else, and for an unknown id', async () => {
    const { dispute } = await disputedTask(parties);
    const stranger = await anotherWorker();
    for (const res of [await getAs(stranger.token, dispute.id), await getAs(parties.worker.token, randomUUID())]) {
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({ code: 'NOT_FOUND', message: 'No such dispute' });
    }
  });
});
