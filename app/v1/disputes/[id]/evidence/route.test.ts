import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { notifications } from '@/db/schema';
import {
  auditRowsOf,
  disputedTask,
  disputeEvents,
  evidenceRows,
  insertUpload,
  postEvidence,
  resolveById,
} from '@/test/disputes';
import { envelope } from '@/test/expect';
import { intakeAdminForFile } from '@/test/intake';
import { anotherWorker, fundedPartiesForFile } from '@/test/tasks';

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

async function noticesOf(userId: string, taskId: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((row) => row.taskId === taskId && row.title.includes('added evidence'));
}

describe('POST /v1/disputes/{id}/evidence', () => {
  it('either side adds text and its own uploads; both hear of it, the other side is notified', async () => {
    const { task, dispute } = await disputedTask(parties);
    const photo = await insertUpload(parties.worker.id);
    const res = await postEvidence(dispute.id, parties.worker.token, {
      text: '  Here is the shop front.  ',
      uploadIds: [photo.id],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ id: dispute.id, status: 'open', resolution: null });
    expect(res.json.data.evidence).toEqual([
      {
        id: expect.any(String),
        by: 'worker',
        text: 'Here is the shop front.',
        uploadIds: [photo.id],
        createdAt: expect.any(String),
      },
    ]);
    const answer = await postEvidence(dispute.id, parties.requester.token, { text: 'That is the shop next door.' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.data.evidence.map((item: { by: string }) => item.by)).toEqual(['worker', 'requester']);

    const added = (await disputeEvents(task.id)).filter((event) => event.type === 'dispute.evidence_added');
    expect(added).toHaveLength(2);
    expect(added[0]?.data).toMatchObject({
      evidence: { by: 'worker', uploadIds: [photo.id] },
      dispute: { id: dispute.id },
      task: { id: task.id, title: task.title },
    });
    expect(added[0]?.audience).toEqual(expect.arrayContaining([parties.requester.id, parties.worker.id]));
    expect(await noticesOf(parties.requester.id, task.id)).toHaveLength(1);
    expect(await noticesOf(parties.worker.id, task.id)).toHaveLength(1);
    expect(await auditRowsOf(dispute.id)).toEqual([]);
  });

  it('an admin adds evidence: by admin, both sides notified, an audit row', async () => {
    const { task, dispute } = await disputedTask(parties);
    const res = await postEvidence(dispute.id, admin.token, { text: 'We asked the shop: it was closed that day.' });
    expect(res.status, res.text).toBe(201);
    const [item] = await evidenceRows(dispute.id);
    expect(item).toMatchObject({ by: 'admin', authorId: admin.userId, uploadIds: [] });
    expect(await auditRowsOf(dispute.id)).toEqual([
      expect.objectContaining({ actorId: admin.userId, action: 'dispute.evidence', after: { evidenceId: item?.id } }),
    ]);
    expect(await noticesOf(parties.requester.id, task.id)).toHaveLength(1);
    expect(await noticesOf(parties.worker.id, task.id)).toHaveLength(1);
  });

  it('someone else’s upload is 400 naming uploadIds, and nothing is stored', async () => {
    const { dispute } = await disputedTask(parties);
    const own = await insertUpload(parties.worker.id);
    const foreign = await insertUpload(parties.requester.id);
    const res = await postEvidence(dispute.id, parties.worker.token, {
      text: 'Photos',
      uploadIds: [own.id, foreign.id],
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['uploadIds', '1'], message: `Unknown upload ${foreign.id}` }],
    });
    const tooMany = await postEvidence(dispute.id, parties.worker.token, {
      text: 'Photos',
      uploadIds: Array.from({ length: 11 }, () => randomUUID()),
    });
    expect(tooMany.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['uploadIds']]);
    const empty = await postEvidence(dispute.id, parties.worker.token, { text: '   ' });
    expect(empty.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['text']]);
    expect(await evidenceRows(dispute.id)).toEqual([]);
  });

  it('a stranger gets 404; a resolved dispute takes no evidence (409)', async () => {
    const { dispute } = await disputedTask(parties);
    const stranger = await anotherWorker();
    const foreign = await postEvidence(dispute.id, stranger.token, { text: 'I saw it too.' });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.message).toBe('No such dispute');
    expect((await postEvidence(randomUUID(), parties.worker.token, { text: 'x' })).status).toBe(404);
    expect((await resolveById(dispute.id, admin.token, { outcome: 'refund', note: 'Refunded.' })).status).toBe(200);
    const late = await postEvidence(dispute.id, parties.worker.token, { text: 'One more photo.' });
    expect(late.status).toBe(409);
    expect(late.json).toEqual(envelope('DISPUTE_NOT_OPEN'));
    expect(await evidenceRows(dispute.id)).toEqual([]);
  });
});
