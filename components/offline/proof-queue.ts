import { issueInWords } from '@/lib/web/describe-error';
import type { CapturePosition } from '../proof-photos';

// The offline proof queue's records and rules (docs/workers.md, "Worker app (PWA)"). A photo is kept on the device
// from the moment it is taken, with its capture time and position then and the Idempotency-Key of its upload; the
// task's submit has its own key, made with the first photo or note. The page (proof-sync.ts) and the service
// worker (public/sw.js) send them by these rules; keep the two in step.

export type QueueState = 'waiting' | 'uploading' | 'sent' | 'failed' | 'refused';

export type QueuedPhoto = {
  /** The upload's Idempotency-Key, also the record's key. */
  key: string;
  taskId: string;
  blob: Blob;
  name: string;
  source: 'camera' | 'gallery';
  /** The browser's position when the photo was taken (camera only). */
  position: CapturePosition | null;
  /** When it was taken on this device (the photo's EXIF, read by the server, says it too when present). */
  capturedAt: string;
  state: QueueState;
  uploadId: string | null;
  error: string | null;
  /** Set while one sender (the page or the service worker) has it in flight. */
  claimedAt: number | null;
};

export type QueuedSubmit = {
  taskId: string;
  /** The submit's Idempotency-Key. */
  key: string;
  note: string;
  location: { lat: number; lng: number } | null;
  photoKeys: string[];
  /** `draft` until the worker taps Submit. */
  state: QueueState | 'draft';
  error: string | null;
  claimedAt: number | null;
};

/** What came back from one attempt: no answer at all, or the server's. */
export type Attempt =
  | { kind: 'network' }
  | {
      kind: 'answer';
      status: number;
      code?: string;
      message?: string;
      hint?: string;
      details?: Record<string, unknown>;
      data?: unknown;
    };

/** An attempt in flight longer than this was lost with its sender (a closed tab): another may take it over. */
export const CLAIM_MS = 60_000;

/** Answers that mean "the same request may succeed later": no connection, busy, a fault, the key still in use. */
function transient(attempt: Attempt): boolean {
  if (attempt.kind === 'network') return true;
  return attempt.status >= 500 || attempt.status === 429 || attempt.code === 'IDEMPOTENCY_KEY_IN_USE';
}

/** The task is no longer this worker's to submit: cancelled, reassigned or gone. */
const REFUSALS = new Set(['INVALID_TRANSITION', 'NOT_FOUND', 'FORBIDDEN']);

/** The state after an attempt, and what the worker is told about it. */
export function afterAttempt(attempt: Attempt, what: 'upload' | 'submit'): { state: QueueState; error: string | null } {
  if (attempt.kind === 'answer' && attempt.status >= 200 && attempt.status < 300) return { state: 'sent', error: null };
  if (transient(attempt)) return { state: 'waiting', error: null };
  const said = attempt.kind === 'answer' && attempt.message ? attempt.message : 'Refused';
  if (what === 'submit' && attempt.kind === 'answer' && REFUSALS.has(attempt.code ?? '')) {
    return {
      state: 'refused',
      error: `The proof was not sent: this task was cancelled or is no longer yours (${said}). Your photos stay on this device until you discard them.`,
    };
  }
  const hint = attempt.kind === 'answer' && attempt.hint ? ` ${attempt.hint}` : '';
  return { state: 'failed', error: `${said}.${hint}` };
}

/** Whether a sender may take the item now: waiting, or in flight past CLAIM_MS. */
export function claimable(
  item: { state: QueuedPhoto['state'] | QueuedSubmit['state']; claimedAt: number | null },
  now: number,
) {
  if (item.state === 'waiting') return true;
  return item.state === 'uploading' && (item.claimedAt === null || now - item.claimedAt > CLAIM_MS);
}

/** The submit is due once every photo it names is uploaded; a photo that failed holds it for the worker. */
export function submitReadiness(submit: QueuedSubmit, photos: QueuedPhoto[]): 'ready' | 'pending' | 'held' {
  const mine = submit.photoKeys.map((key) => photos.find((photo) => photo.key === key));
  if (mine.some((photo) => !photo || photo.state === 'failed' || photo.state === 'refused')) return 'held';
  return mine.every((photo) => photo?.state === 'sent' && photo.uploadId) ? 'ready' : 'pending';
}

/** The submit's body (POST /dashboard/tasks/{id}/proof, the API's proof body): only what was given. */
export function submitBody(submit: QueuedSubmit, photos: QueuedPhoto[]) {
  const note = submit.note.trim();
  const photoIds = submit.photoKeys.flatMap((key) => photos.find((photo) => photo.key === key)?.uploadId ?? []);
  return {
    ...(note ? { note } : {}),
    ...(photoIds.length ? { photoIds } : {}),
    ...(submit.location ? { location: submit.location } : {}),
  };
}

/** The upload's form fields beside `file` (POST /dashboard/uploads reads `source`, `lat`, `lng`, `accuracy`). */
export function uploadFields(photo: Pick<QueuedPhoto, 'source' | 'position' | 'capturedAt'>): [string, string][] {
  const fields: [string, string][] = [
    ['source', photo.source],
    ['capturedAt', photo.capturedAt],
  ];
  if (photo.position) {
    fields.push(['lat', String(photo.position.lat)], ['lng', String(photo.position.lng)]);
    if (Number.isFinite(photo.position.accuracy)) fields.push(['accuracy', String(photo.position.accuracy)]);
  }
  return fields;
}

/** Reads an attempt from a fetch: its status and the error envelope's code, message and hint. */
export async function attemptOf(request: () => Promise<Response>): Promise<Attempt> {
  let response: Response;
  try {
    response = await request();
  } catch {
    return { kind: 'network' };
  }
  type Envelope = {
    data?: unknown;
    error?: {
      code?: string;
      message?: string;
      hint?: string;
      details?: Record<string, unknown>;
      issues?: { path: string[]; message: string }[];
    };
  };
  const body = (await response.json().catch(() => undefined)) as Envelope | undefined;
  const { issues, ...error } = body?.error ?? {};
  // A refused field is said as the form says it ("Note: Add a note or at least one photo"), not as the API's hint.
  const issue = error.code === 'VALIDATION_ERROR' ? issues?.[0] : undefined;
  const said = issue ? { message: issueInWords(issue), hint: undefined } : {};
  return { kind: 'answer', status: response.status, data: body?.data, ...error, ...said };
}
