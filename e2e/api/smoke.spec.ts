import { expect, test } from '../fixtures';

// Over real HTTP against the production server: envelope, headers and the catch-all.
test('health, deep health and openapi over HTTP', async ({ request }) => {
  const health = await request.get('/v1/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  expect(health.headers()['x-request-id']).toMatch(/^req_/);

  const deep = await request.get('/v1/health/deep');
  expect(deep.status()).toBe(200);
  const body = await deep.json();
  expect(body.data.status).toBe('ok');
  expect(body.data.checks.find((check: { name: string }) => check.name === 'database')).toMatchObject({
    status: 'up',
    detail: 'pglite',
  });

  const openapi = await request.get('/v1/openapi.json');
  expect((await openapi.json()).openapi).toBe('3.1.0');
});

test('unknown paths and bad bodies answer in the error envelope', async ({ request }) => {
  const missing = await request.get('/v1/nope');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('NOT_FOUND');

  const wrongMethod = await request.post('/v1/users/me');
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toBe('GET, PATCH');
  expect((await wrongMethod.json()).error.code).toBe('METHOD_NOT_ALLOWED');

  const bad = await request.post('/v1/users', { headers: { 'content-type': 'application/json' }, data: '{oops' });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid request body' });
});
