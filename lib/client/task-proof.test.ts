import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { POST as upload } from '@/app/v1/uploads/route';
import { appFetch } from '@/mcp/testing/app-fetch';
import { send, uniqueIp } from '@/test/http';
import { makeJpeg } from '@/test/jpeg';
import { signUpViaApi } from '@/test/sessions';
import { callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { createLegworkClient, LegworkApiError } from './index';
import { fetchTaskProof } from './task-proof';

// fetchTaskProof against the real route handlers: the proof, and with downloadPhotos each stored photo's bytes,
// fetched with the client's own credential.

withTemporaryDataDir();
const parties = fundedPartiesForFile();

const clientFor = (apiKey: string) =>
  createLegworkClient({ baseUrl: 'http://localhost:3000', apiKey, fetch: appFetch(uniqueIp()), maxRetries: 0 });

async function submittedTask() {
  const task = await taskInStatus(parties, 'accepted', { proofRequirements: ['photo'] });
  const bytes = await makeJpeg({ width: 640, height: 480 });
  const uploaded = await send(upload, uploadRequest(bytes, { token: parties.worker.token, type: 'image/jpeg' }));
  expect(uploaded.status, uploaded.text).toBe(201);
  const photoId = uploaded.json.data.id as string;
  const res = await callAction('submit', task.id, parties.worker.token, { photoIds: [photoId] });
  expect(res.status, res.text).toBe(200);
  return { taskId: task.id, photoId };
}

describe('fetchTaskProof', () => {
  it('gives the proof, and with downloadPhotos the stored bytes of each photo', async () => {
    const { taskId, photoId } = await submittedTask();
    const client = clientFor(parties.requester.token);
    const plain = await fetchTaskProof(client, taskId);
    expect(plain.photos).toEqual([expect.objectContaining({ id: photoId, width: 640, height: 480 })]);
    expect(plain.photos[0]).not.toHaveProperty('bytes');

    const full = await fetchTaskProof(client, taskId, { downloadPhotos: true });
    const bytes = full.photos[0]?.bytes;
    expect(bytes?.byteLength).toBeGreaterThan(0);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('throws NOT_FOUND for a stranger, for the proof and for the photo alike', async () => {
    const { taskId, photoId } = await submittedTask();
    const stranger = clientFor((await signUpViaApi('stranger')).token);
    await expect(fetchTaskProof(stranger, taskId)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const photo = await stranger.fetchUpload(photoId).catch((error: unknown) => error);
    expect(photo).toBeInstanceOf(LegworkApiError);
    expect(photo).toMatchObject({ status: 404, code: 'NOT_FOUND', fromEnvelope: false });
  });
});
