import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { proofPhotos } from '@/db/schema';
import { envelope } from '@/test/expect';
import { call } from '@/test/http';
import { uploadProofPhoto } from '@/test/proof-photos';
import { callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as checkProof } from './route';

withTemporaryDataDir();
const parties = fundedPartiesForFile();

const PLACE = { lat: 52.4995, lng: 13.4187 };
const FAR = { lat: 52.5265, lng: 13.4187 };

const check = (taskId: string, token: string, body: Record<string, unknown>) =>
  call(checkProof, `/v1/tasks/${taskId}/check-proof`, { params: { id: taskId }, token, body });

describe('POST /v1/tasks/{id}/check-proof', () => {
  it('answers the verdict the submit would store, and stores nothing', async () => {
    const task = await taskInStatus(parties, 'accepted', {
      location: PLACE,
      proofRequirements: ['photo'],
      requiredChecks: ['location'],
    });
    const photo = await uploadProofPhoto(
      parties.worker.token,
      { exif: { takenAt: new Date(), gps: FAR } },
      { source: 'camera' },
    );
    const res = await check(task.id, parties.worker.token, { note: 'Done.', photoIds: [photo] });
    expect(res.status, res.text).toBe(200);
    const location = {
      check: 'location',
      result: 'fail',
      required: true,
      detail: 'Photo 1 was taken 3.0 km from the task’s place; the task allows 500 m',
    };
    expect(res.json.data).toEqual({
      verification: { status: 'flagged', checks: expect.arrayContaining([location]) },
      refusal: location,
    });
    expect(res.json.data.verification.checks.map((one: { check: string }) => one.check)).toEqual([
      'location',
      'capture_time',
      'duplicate',
      'in_app_capture',
      'required_items',
    ]);

    expect(await taskRow(task.id)).toMatchObject({ status: 'accepted', proofVerification: null, submittedAt: null });
    const { db } = await getDatabase();
    expect(await db.select().from(proofPhotos).where(eq(proofPhotos.uploadId, photo))).toEqual([]);
    expect(await taskEvents(task.id, /^task\.submitted$/)).toEqual([]);

    // The submit refuses what the preview named.
    const submitted = await callAction('submit', task.id, parties.worker.token, { note: 'Done.', photoIds: [photo] });
    expect(submitted.json.error).toMatchObject({ code: 'PROOF_CHECK_FAILED', details: { check: 'location' } });
  });

  it('shows what the requirements lack as a failed required_items check, where the submit would answer 400', async () => {
    const task = await taskInStatus(parties, 'accepted', { location: PLACE, proofRequirements: ['photo', 'text'] });
    const res = await check(task.id, parties.worker.token, { note: 'Done.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.verification.checks.at(-1)).toEqual({
      check: 'required_items',
      result: 'fail',
      required: true,
      detail: 'Missing: at least one photo',
    });
    expect(res.json.data.refusal).toBeNull();
  });

  it('another user’s upload id: 400 VALIDATION_ERROR naming it', async () => {
    const task = await taskInStatus(parties, 'accepted', { location: PLACE, proofRequirements: ['photo'] });
    const theirs = await uploadProofPhoto(parties.requester.token, {});
    const res = await check(task.id, parties.worker.token, { photoIds: [theirs] });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['photoIds', '0'], message: `Unknown upload ${theirs}` }],
    });
  });

  it('the worker of the task only, while it is accepted', async () => {
    const task = await taskInStatus(parties, 'accepted', { location: PLACE, proofRequirements: ['text'] });
    const asRequester = await check(task.id, parties.requester.token, { note: 'Done.' });
    expect(asRequester.status, asRequester.text).toBe(403);
    expect(asRequester.json).toEqual(
      envelope('FORBIDDEN', { message: 'Only the assigned worker can check proof for this task' }),
    );
    const posted = await taskInStatus(parties, 'posted', { proofRequirements: ['text'] });
    expect((await check(posted.id, parties.worker.token, { note: 'Done.' })).status).toBe(404);
    const submitted = await taskInStatus(parties, 'submitted', { proofRequirements: ['text'] });
    const late = await check(submitted.id, parties.worker.token, { note: 'Done.' });
    expect(late.status, late.text).toBe(409);
    expect(late.json.error.code).toBe('INVALID_TRANSITION');
  });
});
