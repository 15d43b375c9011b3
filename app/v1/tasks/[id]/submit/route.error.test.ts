import { describe, expect, it } from 'vitest';
import { POST as upload } from '@/app/v1/uploads/route';
import { validationEnvelope } from '@/test/expect';
import { send } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';

withTemporaryDataDir();

// The task is at 52.4995, 13.4187 (taskBody); 0.018° of latitude is about 2 km.
const NEARBY = { lat: 52.4997, lng: 13.4189 };
const TWO_KM_AWAY = { lat: 52.4995 + 0.018, lng: 13.4187 };

const parties = fundedPartiesForFile();

async function uploadAs(token: string) {
  const res = await send(upload, uploadRequest(PNG_BYTES, { token }));
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as string;
}

/** Submits `proof` to an accepted task asking for `proofRequirements`; expects 400 and the task unchanged. */
async function expectRefused(proofRequirements: string[], proof: Record<string, unknown>) {
  const task = await taskInStatus(parties, 'accepted', { proofRequirements });
  const eventsBefore = (await taskEvents(task.id)).length;
  const res = await callAction('submit', task.id, parties.worker.token, proof);
  expect(res.status, res.text).toBe(400);
  expect(res.json.error.code).toBe('VALIDATION_ERROR');
  expect(await taskRow(task.id)).toEqual(task);
  expect(await taskEvents(task.id)).toHaveLength(eventsBefore);
  return res.json.error.issues as { path: string[]; message: string }[];
}

describe('POST /v1/tasks/{id}/submit — proof that does not meet the requirements', () => {
  it('photo required, none sent: 400 with an issue on photoIds', async () => {
    const issues = await expectRefused(['photo'], { note: 'Here you go.' });
    expect(issues).toEqual([expect.objectContaining({ path: ['photoIds'] })]);
  });

  it('receipt required counts as a photo too', async () => {
    const issues = await expectRefused(['receipt'], { note: 'Paid.' });
    expect(issues.map((issue) => issue.path)).toEqual([['photoIds']]);
  });

  it('gps required, location 2 km away: 400 naming the distance', async () => {
    const issues = await expectRefused(['gps'], { note: 'Here.', location: TWO_KM_AWAY });
    expect(issues).toEqual([expect.objectContaining({ path: ['location'] })]);
    expect(issues[0]?.message).toMatch(/within 500 m/);
    expect(issues[0]?.message).toMatch(/\b20\d\d m away/);
  });

  it('gps required, no location: 400', async () => {
    const issues = await expectRefused(['gps'], { note: 'Trust me.' });
    expect(issues.map((issue) => issue.path)).toEqual([['location']]);
  });

  it('another user’s upload id: 400 naming the photo', async () => {
    const stranger = await signUpViaApi('stranger');
    const foreign = await uploadAs(stranger.token);
    const own = await uploadAs(parties.worker.token);
    const issues = await expectRefused(['photo'], { photoIds: [own, foreign] });
    expect(issues).toEqual([expect.objectContaining({ path: ['photoIds', '1'] })]);
  });

  it('an upload id that does not exist: 400', async () => {
    const issues = await expectRefused(['photo'], { photoIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(issues.map((issue) => issue.path)).toEqual([['photoIds', '0']]);
  });

  it('text required without a note: 400; a blank note too', async () => {
    const photo = await uploadAs(parties.worker.token);
    expect((await expectRefused(['text'], { photoIds: [photo] })).map((issue) => issue.path)).toEqual([['note']]);
    await expectRefused(['text'], { note: '   ' });
  });

  it('every missing piece is reported at once', async () => {
    const issues = await expectRefused(['photo', 'gps'], { note: 'Here.' });
    expect(issues.map((issue) => issue.path[0]).sort()).toEqual(['location', 'photoIds']);
  });

  it('unknown fields and malformed values: 400', async () => {
    await expectRefused([], { note: 'ok', extra: 1 });
    await expectRefused([], { photoIds: ['not-a-uuid'] });
    await expectRefused([], { location: { lat: 91, lng: 0 } });
  });

  it('proof meeting every requirement is accepted: the worker’s own photo, a note, nearby', async () => {
    const task = await taskInStatus(parties, 'accepted', { proofRequirements: ['text', 'photo', 'gps'] });
    const photo = await uploadAs(parties.worker.token);
    const res = await callAction('submit', task.id, parties.worker.token, {
      note: 'Done.',
      photoIds: [photo, photo],
      location: NEARBY,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.proof).toMatchObject({ note: 'Done.', photos: [{ id: photo }], location: NEARBY });
    expect(res.json.data.proof.distanceMeters).toBeLessThan(50);
  });

  it('photo required: refused without one (the message names it), accepted with one', async () => {
    const issues = await expectRefused(['photo'], { note: 'Here.' });
    expect(issues).toEqual([{ path: ['photoIds'], message: 'This task requires at least one photo' }]);
    const task = await taskInStatus(parties, 'accepted', { proofRequirements: ['photo'] });
    const photo = await uploadAs(parties.worker.token);
    const res = await callAction('submit', task.id, parties.worker.token, { photoIds: [photo] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'submitted', proof: { photos: [{ id: photo }] } });
  });

  it('a task without requirements takes a note alone', async () => {
    const task = await taskInStatus(parties, 'accepted', { proofRequirements: [] });
    const res = await callAction('submit', task.id, parties.worker.token, { note: 'Done.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('submitted');
  });

  // Issue 36: every proof carries something to judge, whatever the task requires: a note or a photo. The rule is
  // the body schema's, so the API, MCP and the worker's form answer alike.
  it.each([
    ['an empty proof', {}, 'Add a note or at least one photo'],
    ['a blank note', { note: '  ' }, 'Must not be blank'],
    ['no photos', { photoIds: [] }, 'Add a note or at least one photo'],
    ['a position alone', { location: NEARBY }, 'Add a note or at least one photo'],
  ])(
    '%s: 400 VALIDATION_ERROR on `note`, even with no requirements; nothing changes',
    async (_name, proof, message) => {
      expect(await expectRefused([], proof)).toEqual([{ path: ['note'], message }]);
    },
  );

  it('an empty proof is refused in the error envelope, naming the rule', async () => {
    const task = await taskInStatus(parties, 'accepted', { proofRequirements: [] });
    const res = await callAction('submit', task.id, parties.worker.token, {});
    expect(res.json).toEqual(validationEnvelope([{ path: ['note'], message: 'Add a note or at least one photo' }]));
  });

  it('a photo alone is proof enough for a task without requirements', async () => {
    const task = await taskInStatus(parties, 'accepted', { proofRequirements: [] });
    const photo = await uploadAs(parties.worker.token);
    const res = await callAction('submit', task.id, parties.worker.token, { photoIds: [photo] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'submitted', proof: { note: null, photos: [{ id: photo }] } });
  });

  it('the requester cannot submit proof (403)', async () => {
    const task = await taskInStatus(parties, 'accepted');
    const res = await callAction('submit', task.id, parties.requester.token, { note: 'Done.' });
    expect(res.status, res.text).toBe(403);
    expect(await taskRow(task.id)).toEqual(task);
  });
});
