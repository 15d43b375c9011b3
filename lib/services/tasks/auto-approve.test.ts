import { describe, expect, it } from 'vitest';
import { GET as getTask } from '@/app/v1/tasks/[id]/route';
import { getDatabase } from '@/db/client';
import { call } from '@/test/http';
import { uploadProofPhoto } from '@/test/proof-photos';
import { callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { withTemporaryDataDir } from '@/test/worker-profiles';
import { runTaskDeadlines } from './run-task-deadlines';

// autoApprove: when_passed (issue 37): a passed verdict completes after the task's delay; nothing else does
// before the 72-hour review window.
withTemporaryDataDir();
const parties = fundedPartiesForFile();

const PLACE = { lat: 52.4995, lng: 13.4187 };
const NEAR = { lat: 52.49986, lng: 13.4187 };
const FAR = { lat: 52.5265, lng: 13.4187 };
const MINUTE = 60_000;

async function submittedWith(gps: { lat: number; lng: number }) {
  const task = await taskInStatus(parties, 'accepted', {
    location: PLACE,
    proofRequirements: ['photo'],
    autoApprove: 'when_passed',
    autoApproveAfterMinutes: 30,
  });
  const photo = await uploadProofPhoto(
    parties.worker.token,
    { exif: { takenAt: new Date(), gps } },
    { source: 'camera' },
  );
  const res = await callAction('submit', task.id, parties.worker.token, { note: 'Done.', photoIds: [photo] });
  expect(res.status, res.text).toBe(200);
  return taskRow(task.id);
}

const readTask = async (id: string) =>
  (await call(getTask, `/v1/tasks/${id}`, { params: { id }, token: parties.requester.token })).json.data;

describe('auto-approval', () => {
  it('a passed submission completes once its delay is over, and reviewDueAt says when', async () => {
    const task = await submittedWith(NEAR);
    const submittedAt = task.submittedAt?.getTime() ?? 0;
    expect(task.proofVerification?.status).toBe('passed');
    expect(task.autoApproveAt?.getTime()).toBe(submittedAt + 30 * MINUTE);
    expect((await readTask(task.id)).reviewDueAt).toBe(task.autoApproveAt?.toISOString());

    const { db } = await getDatabase();
    await runTaskDeadlines(db, new Date(submittedAt + 29 * MINUTE));
    expect((await taskRow(task.id)).status).toBe('submitted');

    const moved = await runTaskDeadlines(db, new Date(submittedAt + 31 * MINUTE));
    expect(moved.approved).toBeGreaterThanOrEqual(1);
    expect((await taskRow(task.id)).status).toBe('completed');
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.completed',
      data: { previousStatus: 'submitted', reason: 'auto_approved' },
    });
  });

  it('a flagged submission waits for the requester, or the 72 hours', async () => {
    const task = await submittedWith(FAR);
    const submittedAt = task.submittedAt?.getTime() ?? 0;
    expect(task.proofVerification?.status).toBe('flagged');
    expect(task.autoApproveAt).toBeNull();
    expect((await readTask(task.id)).reviewDueAt).toBe(new Date(submittedAt + 72 * 60 * MINUTE).toISOString());

    await runTaskDeadlines((await getDatabase()).db, new Date(submittedAt + 71 * 60 * MINUTE));
    expect((await taskRow(task.id)).status).toBe('submitted');
  });

  it('a revision withdraws the pending auto-approval', async () => {
    const task = await submittedWith(NEAR);
    expect(task.autoApproveAt).not.toBeNull();
    const res = await callAction('request-revision', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect((await taskRow(task.id)).autoApproveAt).toBeNull();
  });
});
