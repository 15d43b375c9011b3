import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { proofPhotos } from '@/db/schema';
import { envelope } from '@/test/expect';
import { call } from '@/test/http';
import { uniquePicture, uploadProofPhoto } from '@/test/proof-photos';
import { callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { withTemporaryDataDir } from '@/test/worker-profiles';
import { GET as getTask } from '../route';

// Issue 37's verdict, end to end: real JPEGs with EXIF, uploaded through POST /v1/uploads, submitted as proof.
withTemporaryDataDir();
const parties = fundedPartiesForFile();

const PLACE = { lat: 52.4995, lng: 13.4187 };
// About 40 m north of the place, and about 3 km north of it.
const NEAR = { lat: 52.49986, lng: 13.4187 };
const FAR = { lat: 52.5265, lng: 13.4187 };

const photoTask = (overrides: Record<string, unknown> = {}) =>
  taskInStatus(parties, 'accepted', { location: PLACE, proofRequirements: ['photo'], ...overrides });

const cameraPhoto = (gps: { lat: number; lng: number }, picture?: Buffer) =>
  uploadProofPhoto(
    parties.worker.token,
    { picture, exif: { takenAt: new Date(), gps: { ...gps, accuracyMeters: 8 }, make: 'Legphone' } },
    { source: 'camera' },
  );

async function submit(taskId: string, photoIds: string[]) {
  return callAction('submit', taskId, parties.worker.token, { note: 'Done.', photoIds });
}

async function verificationOf(taskId: string) {
  const res = await call(getTask, `/v1/tasks/${taskId}`, { params: { id: taskId }, token: parties.requester.token });
  expect(res.status, res.text).toBe(200);
  return res.json.data.proof.verification;
}

const resultsOf = (verification: { checks: { check: string; result: string }[] }) =>
  Object.fromEntries(verification.checks.map(({ check, result }) => [check, result]));

describe('the verdict on a submitted proof', () => {
  it('a camera photo at the place, taken after acceptance: passed, shown on GET and in task.submitted', async () => {
    const task = await photoTask();
    const photo = await cameraPhoto(NEAR);
    const res = await submit(task.id, [photo]);
    expect(res.status, res.text).toBe(200);

    const verification = await verificationOf(task.id);
    expect(verification.status).toBe('passed');
    expect(verification.checks).toEqual([
      {
        check: 'location',
        result: 'pass',
        required: true,
        detail: 'Taken 40 m from the task’s place (the task allows 500 m)',
      },
      {
        check: 'capture_time',
        result: 'pass',
        required: true,
        detail: 'Taken after the task was accepted and before the proof was submitted',
      },
      { check: 'duplicate', result: 'pass', required: false, detail: 'Not submitted before' },
      {
        check: 'in_app_capture',
        result: 'pass',
        required: false,
        detail: 'Taken with the camera in the Legwork app',
      },
      { check: 'required_items', result: 'pass', required: true, detail: 'Everything the task asks for was sent' },
    ]);
    const [submitted] = await taskEvents(task.id, /^task\.submitted$/);
    expect(submitted?.data).toMatchObject({ task: { proof: { verification } } });
    expect((await taskRow(task.id)).autoApproveAt).toBeNull();
  });

  it('a photo 3 km away: flagged on location, with the distance in words', async () => {
    const task = await photoTask();
    expect((await submit(task.id, [await cameraPhoto(FAR)])).status).toBe(200);
    const verification = await verificationOf(task.id);
    expect(verification.status).toBe('flagged');
    expect(verification.checks[0]).toEqual({
      check: 'location',
      result: 'fail',
      required: true,
      detail: 'Photo 1 was taken 3.0 km from the task’s place; the task allows 500 m',
    });
    expect(resultsOf(verification)).toMatchObject({ capture_time: 'pass', duplicate: 'pass' });
  });

  it('the same photo submitted again for a second task: flagged on duplicate, naming nothing of the first', async () => {
    const first = await photoTask();
    const second = await photoTask();
    const picture = await uniquePicture();
    expect((await submit(first.id, [await cameraPhoto(NEAR, picture)])).status).toBe(200);
    expect((await verificationOf(first.id)).status).toBe('passed');

    expect((await submit(second.id, [await cameraPhoto(NEAR, picture)])).status).toBe(200);
    const verification = await verificationOf(second.id);
    expect(verification.status).toBe('flagged');
    expect(resultsOf(verification)).toEqual({
      location: 'pass',
      capture_time: 'pass',
      duplicate: 'fail',
      in_app_capture: 'pass',
      required_items: 'pass',
    });
    expect(verification.checks[2].detail).toBe('Photo 1 looks like a photo submitted before');
    const { db } = await getDatabase();
    expect(await db.select().from(proofPhotos).where(eq(proofPhotos.taskId, second.id))).toHaveLength(1);
  });

  it('one photo submitted for two tasks at the same moment: one passes, the other is flagged as reused', async () => {
    const [first, second] = await Promise.all([photoTask(), photoTask()]);
    const picture = await uniquePicture();
    const [one, two] = await Promise.all([cameraPhoto(NEAR, picture), cameraPhoto(NEAR, picture)]);
    const answers = await Promise.all([submit(first.id, [one]), submit(second.id, [two])]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const duplicates = await Promise.all([first, second].map(async (task) => resultsOf(await verificationOf(task.id))));
    expect(duplicates.map((results) => results.duplicate).sort()).toEqual(['fail', 'pass']);
  });

  it('a photo with no metadata, uploaded without the app: unverified, saying what is missing', async () => {
    const task = await photoTask();
    const bare = await uploadProofPhoto(parties.worker.token, {});
    expect((await submit(task.id, [bare])).status).toBe(200);
    const verification = await verificationOf(task.id);
    expect(verification.status).toBe('unverified');
    expect(verification.checks.slice(0, 2)).toEqual([
      {
        check: 'location',
        result: 'unknown',
        required: true,
        detail: 'Photo 1 has no location: no GPS in the photo and none from the app',
      },
      { check: 'capture_time', result: 'unknown', required: true, detail: 'Photo 1 has no usable capture time' },
    ]);
    expect(resultsOf(verification).in_app_capture).toBe('unknown');
  });

  it('the position the app reported at capture counts when the photo has no GPS; the body’s location never does', async () => {
    const fromApp = await photoTask();
    const photo = await uploadProofPhoto(
      parties.worker.token,
      { exif: { takenAt: new Date() } },
      { source: 'camera', ...NEAR, accuracy: 12 },
    );
    expect((await submit(fromApp.id, [photo])).status).toBe(200);
    expect((await verificationOf(fromApp.id)).status).toBe('passed');

    const claimed = await photoTask();
    const bare = await uploadProofPhoto(parties.worker.token, { exif: { takenAt: new Date() } });
    const res = await callAction('submit', claimed.id, parties.worker.token, {
      note: 'Done.',
      photoIds: [bare],
      location: PLACE,
    });
    expect(res.status, res.text).toBe(200);
    expect(resultsOf(await verificationOf(claimed.id)).location).toBe('unknown');
  });

  it('a city-centre task: location unknown with no distance, never failed', async () => {
    const task = await photoTask({ location: { ...PLACE, precision: 'city' } });
    expect((await submit(task.id, [await cameraPhoto(FAR)])).status).toBe(200);
    const verification = await verificationOf(task.id);
    expect(verification.status).toBe('unverified');
    expect(verification.checks[0]).toEqual({
      check: 'location',
      result: 'unknown',
      required: true,
      detail: 'The task’s place is only the centre of the city, so a photo cannot be checked to 500 m',
    });
  });

  it('uses the task’s radius', async () => {
    const task = await photoTask({ proofRadiusMeters: 5_000 });
    expect((await submit(task.id, [await cameraPhoto(FAR)])).status).toBe(200);
    expect((await verificationOf(task.id)).checks[0].detail).toBe(
      'Taken 3.0 km from the task’s place (the task allows 5.0 km)',
    );
  });

  it('a revision and a resubmission compute a new verdict', async () => {
    const task = await photoTask();
    expect((await submit(task.id, [await cameraPhoto(FAR)])).status).toBe(200);
    expect((await verificationOf(task.id)).status).toBe('flagged');
    const revision = await callAction('request-revision', task.id, parties.requester.token);
    expect(revision.status, revision.text).toBe(200);
    expect((await submit(task.id, [await cameraPhoto(NEAR)])).status).toBe(200);
    expect((await verificationOf(task.id)).status).toBe('passed');
  });
});

describe('the requester’s floor (requiredChecks)', () => {
  it('a failing location is refused with PROOF_CHECK_FAILED, and nothing is stored', async () => {
    const task = await photoTask({ requiredChecks: ['location'] });
    const res = await submit(task.id, [await cameraPhoto(FAR)]);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      envelope('PROOF_CHECK_FAILED', {
        message: 'The task requires photos taken at its place, and the location check did not pass',
        hint: 'Take the photo at the task’s place with location turned on, then submit again.',
        details: {
          check: 'location',
          result: 'fail',
          detail: 'Photo 1 was taken 3.0 km from the task’s place; the task allows 500 m',
        },
      }),
    );
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: 'accepted', submittedAt: null, proofVerification: null, proofPhotoIds: [] });
    const { db } = await getDatabase();
    expect(await db.select().from(proofPhotos).where(eq(proofPhotos.taskId, task.id))).toEqual([]);
    expect(await taskEvents(task.id, /^task\.submitted$/)).toEqual([]);
  });

  it('an unknown location is refused too; a passing one is accepted', async () => {
    const task = await photoTask({ requiredChecks: ['location'] });
    const bare = await uploadProofPhoto(parties.worker.token, {});
    const refused = await submit(task.id, [bare]);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.error.details).toMatchObject({ check: 'location', result: 'unknown' });
    expect((await submit(task.id, [await cameraPhoto(NEAR)])).status).toBe(200);
  });

  it('a gallery pick under an in_app_capture floor is refused, saying to use the app’s camera', async () => {
    const task = await photoTask({ requiredChecks: ['in_app_capture'] });
    const picked = await uploadProofPhoto(
      parties.worker.token,
      { exif: { takenAt: new Date(), gps: NEAR } },
      { source: 'gallery' },
    );
    const res = await submit(task.id, [picked]);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      envelope('PROOF_CHECK_FAILED', {
        message: 'The task requires photos taken in the Legwork app, and the in-app capture check did not pass',
        hint: 'Take the photo with the camera in the Legwork app instead of picking one from the gallery, then submit again.',
        details: {
          check: 'in_app_capture',
          result: 'fail',
          detail: 'Photo 1 was picked from the gallery, not taken in the app',
        },
      }),
    );
  });
});
