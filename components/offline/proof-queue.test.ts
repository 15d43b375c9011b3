import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  attemptOf,
  CLAIM_MS,
  claimable,
  type QueuedPhoto,
  type QueuedSubmit,
  submitBody,
  submitReadiness,
  uploadFields,
} from './proof-queue';

const photo = (change: Partial<QueuedPhoto> = {}): QueuedPhoto => ({
  key: 'upload-1',
  taskId: 'task-1',
  blob: new Blob(['x']),
  name: 'shelf.jpg',
  source: 'camera',
  position: { lat: 45.76, lng: 4.84, accuracy: 8 },
  capturedAt: '2026-05-01T10:00:00.000Z',
  state: 'waiting',
  uploadId: null,
  error: null,
  claimedAt: null,
  ...change,
});

const submit = (change: Partial<QueuedSubmit> = {}): QueuedSubmit => ({
  taskId: 'task-1',
  key: 'submit-1',
  note: '  Done  ',
  location: null,
  photoKeys: ['upload-1'],
  state: 'waiting',
  error: null,
  claimedAt: null,
  ...change,
});

const answer = (status: number, code?: string, message?: string) => ({
  kind: 'answer' as const,
  status,
  code,
  message,
});

describe('afterAttempt', () => {
  it('is sent on a 2xx, and waits again on no connection, a fault, a limit or the key still in flight', () => {
    expect(afterAttempt(answer(201), 'upload')).toEqual({ state: 'sent', error: null });
    for (const attempt of [
      { kind: 'network' as const },
      answer(503),
      answer(429),
      answer(409, 'IDEMPOTENCY_KEY_IN_USE'),
    ]) {
      expect(afterAttempt(attempt, 'submit')).toEqual({ state: 'waiting', error: null });
    }
  });

  it('refuses a submit whose task was cancelled or is not the worker’s any more, and says the photos stay', () => {
    for (const code of ['INVALID_TRANSITION', 'NOT_FOUND', 'FORBIDDEN']) {
      const after = afterAttempt(answer(409, code, 'This action is not allowed in the current status'), 'submit');
      expect(after.state).toBe('refused');
      expect(after.error).toBe(
        'The proof was not sent: this task was cancelled or is no longer yours (This action is not allowed in the current status). Your photos stay on this device until you discard them.',
      );
    }
  });

  it('fails an upload the server refused (not an image), with its words, for the worker to retry or remove', () => {
    const refused = { ...answer(400, 'VALIDATION_ERROR', 'Invalid request body'), hint: 'Send a JPEG.' };
    expect(afterAttempt(refused, 'upload')).toEqual({ state: 'failed', error: 'Invalid request body. Send a JPEG.' });
    expect(afterAttempt(answer(404, 'NOT_FOUND', 'Not found'), 'upload').state).toBe('failed');
  });
});

describe('claimable', () => {
  it('takes a waiting item, and one in flight only once its sender is presumed gone', () => {
    const now = 1_000_000;
    expect(claimable({ state: 'waiting', claimedAt: null }, now)).toBe(true);
    expect(claimable({ state: 'uploading', claimedAt: now - 1_000 }, now)).toBe(false);
    expect(claimable({ state: 'uploading', claimedAt: now - CLAIM_MS - 1 }, now)).toBe(true);
    for (const state of ['sent', 'failed', 'refused', 'draft'] as const) {
      expect(claimable({ state, claimedAt: null }, now)).toBe(false);
    }
  });
});

describe('submitReadiness and submitBody', () => {
  it('holds the submit until every photo is up, and for the worker when one failed', () => {
    expect(submitReadiness(submit(), [photo()])).toBe('pending');
    expect(submitReadiness(submit(), [photo({ state: 'failed' })])).toBe('held');
    expect(submitReadiness(submit(), [])).toBe('held');
    expect(submitReadiness(submit(), [photo({ state: 'sent', uploadId: 'u-1' })])).toBe('ready');
    expect(submitReadiness(submit({ photoKeys: [] }), [])).toBe('ready');
  });

  it('sends the uploaded ids in capture order, the trimmed note and the position only when given', () => {
    const photos = [
      photo({ state: 'sent', uploadId: 'u-1' }),
      photo({ key: 'upload-2', state: 'sent', uploadId: 'u-2' }),
    ];
    const body = submitBody(submit({ photoKeys: ['upload-2', 'upload-1'], location: { lat: 1, lng: 2 } }), photos);
    expect(body).toEqual({ note: 'Done', photoIds: ['u-2', 'u-1'], location: { lat: 1, lng: 2 } });
    expect(submitBody(submit({ note: ' ', photoKeys: [] }), [])).toEqual({});
  });
});

describe('uploadFields', () => {
  it('carries how the photo was taken, and the time and position at capture', () => {
    expect(uploadFields(photo())).toEqual([
      ['source', 'camera'],
      ['capturedAt', '2026-05-01T10:00:00.000Z'],
      ['lat', '45.76'],
      ['lng', '4.84'],
      ['accuracy', '8'],
    ]);
    expect(uploadFields(photo({ source: 'gallery', position: null }))).toEqual([
      ['source', 'gallery'],
      ['capturedAt', '2026-05-01T10:00:00.000Z'],
    ]);
  });
});

describe('attemptOf', () => {
  it('reads no answer as the network, and an answer’s status and error envelope', async () => {
    expect(await attemptOf(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ kind: 'network' });
    const refused = Response.json(
      {
        error: {
          code: 'INVALID_TRANSITION',
          message: 'Not allowed',
          hint: 'Fetch it.',
          details: { status: 'cancelled' },
        },
      },
      { status: 409 },
    );
    expect(await attemptOf(async () => refused)).toEqual({
      kind: 'answer',
      status: 409,
      data: undefined,
      code: 'INVALID_TRANSITION',
      message: 'Not allowed',
      hint: 'Fetch it.',
      details: { status: 'cancelled' },
    });
  });

  it('says a refused field as the form says it, without the API’s hint', async () => {
    const refused = Response.json(
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid request body',
          hint: 'Fix the fields listed in `issues`.',
          issues: [{ path: ['note'], message: 'Add a note or at least one photo' }],
        },
      },
      { status: 400 },
    );
    const attempt = await attemptOf(async () => refused);
    expect(attempt).toMatchObject({ status: 400, message: 'Note: Add a note or at least one photo', hint: undefined });
    expect(afterAttempt(attempt, 'submit').error).toBe('Note: Add a note or at least one photo.');
  });
});
