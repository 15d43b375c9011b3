import { describe, expect, it } from 'vitest';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { envelope } from '@/test/expect';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import { PNG_BYTES, withTemporaryDataDir } from '@/test/worker-profiles';
import * as uploadRoute from './route';

// The pages' photo upload: what lets server actions keep Next's 1 MB body limit. By session cookie, from this
// site only, stored exactly as POST /v1/uploads stores it.

envForFile(NEXT_AUTH_TEST_ENV);
withTemporaryDataDir();

const SITE = 'http://localhost:3000';

function upload(options: { cookie?: string; origin?: string; body?: BodyInit; key?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }), 'proof.png');
  const headers = new Headers({ origin: options.origin ?? SITE });
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.key) headers.set('idempotency-key', options.key);
  const request = new Request(`${SITE}/dashboard/uploads`, { method: 'POST', headers, body: options.body ?? form });
  return runAppRoute(uploadRoute, '/dashboard/uploads', request);
}

describe('POST /dashboard/uploads (session cookie)', () => {
  it('stores the signed-in user’s image and answers 201 with the upload and the rate-limit headers', async () => {
    const { userId } = await signUpViaApi('page-upload');
    const res = await upload({ cookie: await signInByCookie(userId) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toEqual({
      id: expect.any(String),
      url: `${SITE}/uploads/${res.json.data.id}`,
      contentType: 'image/png',
      sizeBytes: expect.any(Number), // re-encoded: not the size sent
      capturedAt: null,
      location: null,
      hasCameraMetadata: false,
      captureSource: null,
    });
    expect(res.headers.get('ratelimit-policy')).toBe('"user";q=600;w=60');
  });

  it('takes the proof form’s capture fields as POST /v1/uploads does', async () => {
    const { userId } = await signUpViaApi('page-upload');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }), 'proof.png');
    for (const [name, value] of Object.entries({ source: 'camera', lat: '52.52', lng: '13.405', accuracy: '8' })) {
      form.append(name, value);
    }
    const res = await upload({ cookie: await signInByCookie(userId), body: form });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.captureSource).toBe('camera');
  });

  it('stores a photo retried with the same Idempotency-Key once (the offline proof queue’s retry)', async () => {
    const { userId } = await signUpViaApi('page-upload-retry');
    const cookie = await signInByCookie(userId);
    const key = `upload-${userId}`;
    const first = await upload({ cookie, key });
    expect(first.status, first.text).toBe(201);
    const again = await upload({ cookie, key }); // a new FormData: another boundary, the same parts
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.data.id).toBe(first.json.data.id);
  });

  it('401 without a session, 403 from another site, 400 for a body that is not multipart', async () => {
    const { userId } = await signUpViaApi('page-upload-refused');
    const cookie = await signInByCookie(userId);

    const anonymous = await upload();
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual(envelope('UNAUTHORIZED'));

    const foreign = await upload({ cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual(
      envelope('FORBIDDEN', { hint: 'Call this from the site’s own pages; other origins may not.' }),
    );

    const text = await upload({ cookie, body: 'not a form' });
    expect(text.status).toBe(400);
    expect(text.json.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: ['file'] }] });
  });
});
