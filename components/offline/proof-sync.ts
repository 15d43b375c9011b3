import {
  type Attempt,
  afterAttempt,
  attemptOf,
  claimable,
  type QueuedPhoto,
  type QueueState,
  submitBody,
  submitReadiness,
  uploadFields,
} from './proof-queue';
import { allRecords, claimRecord, discardTask, putRecord, taskPhotos } from './proof-store';

// Sends the offline proof queue from the page: on a visit, on the `online` event, and on the worker's Retry. The
// service worker's Background Sync sends the same records the same way (public/sw.js).

export const PROOF_CHANNEL = 'legwork-proof';
export const PROOF_SYNC_TAG = 'proof-upload';

/** Tells the page's other tabs (and this one) that a task's queue changed. */
export function announce(taskId: string) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(PROOF_CHANNEL);
  channel.postMessage({ taskId });
  channel.close();
}

/** Asks the browser for a Background Sync, where it has one: the queue is then sent even with the tab closed. */
export async function requestSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (
    registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(PROOF_SYNC_TAG).catch(() => {});
}

/** Uploads one photo if no other sender has it; returns its record after the attempt. */
export async function sendPhoto(key: string): Promise<QueuedPhoto | undefined> {
  const photo = await claimRecord('photos', key, (record) => claimable(record, Date.now()));
  if (!photo) return undefined;
  const form = new FormData();
  form.set('file', photo.blob, photo.name);
  for (const [name, value] of uploadFields(photo)) form.set(name, value);
  const attempt = await attemptOf(() =>
    fetch('/dashboard/uploads', { method: 'POST', body: form, headers: { 'Idempotency-Key': photo.key } }),
  );
  const outcome = afterAttempt(attempt, 'upload');
  const uploadId =
    outcome.state === 'sent' && attempt.kind === 'answer' ? String((attempt.data as { id?: string })?.id ?? '') : null;
  const after: QueuedPhoto = { ...photo, ...outcome, uploadId: uploadId || photo.uploadId, claimedAt: null };
  await putRecord('photos', after);
  announce(photo.taskId);
  return after;
}

/**
 * Submits a task's queued proof once its photos are uploaded. Sent, the task's records are forgotten: the proof is
 * the server's now. Returns the submit's state after this pass.
 */
export async function sendSubmit(
  taskId: string,
): Promise<{ state: QueueState; error: string | null; attempt: Attempt } | undefined> {
  const photos = await taskPhotos(taskId);
  const claimed = await claimRecord(
    'submits',
    taskId,
    (record) => claimable(record, Date.now()) && submitReadiness(record, photos) === 'ready',
  );
  if (!claimed) return undefined;
  const attempt = await attemptOf(() =>
    fetch(`/dashboard/tasks/${taskId}/proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': claimed.key },
      body: JSON.stringify(submitBody(claimed, photos)),
    }),
  );
  const outcome = afterAttempt(attempt, 'submit');
  if (outcome.state === 'sent') await discardTask(taskId);
  else await putRecord('submits', { ...claimed, ...outcome, claimedAt: null });
  announce(taskId);
  return { ...outcome, attempt };
}

/** One pass over the whole queue: every waiting photo, then every submit whose photos are all up. */
export async function flushProofQueue(): Promise<void> {
  for (const photo of await allRecords('photos')) {
    if (claimable(photo, Date.now())) await sendPhoto(photo.key);
  }
  for (const submit of await allRecords('submits')) await sendSubmit(submit.taskId);
}
