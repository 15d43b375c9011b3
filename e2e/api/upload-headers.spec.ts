import { expect, test } from '../fixtures';
import { PHOTO } from '../ui/steps';

// Over real HTTP against the production server (server.ts, then Next): both set the frame headers before the route
// runs, and Next keeps a header already set over the route's own, so this is where the uploads' CSP could be lost.
const SANDBOX = "default-src 'none'; sandbox; frame-ancestors 'none'";

test('uploads keep their sandboxing CSP; a private one is no-store and hidden, a profile photo public', async ({
  request,
}) => {
  const signUp = await request.post('/v1/users', {
    data: { email: `upload-headers-${Date.now()}@example.com`, password: 'correct horse battery' },
  });
  expect(signUp.status()).toBe(201);
  const token = (await signUp.json()).data.session.token as string;
  const auth = { authorization: `Bearer ${token}` };

  const uploaded = await request.post('/v1/uploads', {
    headers: auth,
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()).data as { id: string };

  const own = await request.get(`/uploads/${id}`, { headers: auth });
  expect(own.status()).toBe(200);
  expect(own.headers()).toMatchObject({
    'content-type': 'image/png',
    'content-security-policy': SANDBOX,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });

  const anonymous = await request.get(`/uploads/${id}`);
  expect(anonymous.status()).toBe(404);
  expect(anonymous.headers()['content-security-policy']).toBe(SANDBOX);

  const profile = await request.post('/v1/workers', { headers: auth, data: { photos: [id] } });
  expect(profile.status()).toBe(201);
  const published = await request.get(`/uploads/${id}`);
  expect(published.status()).toBe(200);
  expect(published.headers()).toMatchObject({
    'content-security-policy': SANDBOX,
    'cache-control': 'public, max-age=31536000, immutable',
  });
});
