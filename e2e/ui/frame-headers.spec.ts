import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

// No other site may frame anything Legwork serves (clickjacking): pages signed in or not, and the API, which
// server.ts's router serves without Next.
const NO_FRAMING = { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" };

test('pages, redirects and API responses forbid framing', async ({ request }) => {
  for (const path of ['/', '/login', '/signup', '/dashboard', '/v1/health', '/v1/nope', '/v1/openapi.json']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeLessThan(500);
    expect(res.headers(), path).toMatchObject(NO_FRAMING);
  }
  // An unauthenticated long poll: 401 at once.
  const direct = await request.get('/v1/tasks/00000000-0000-4000-8000-000000000000/messages/await');
  expect(direct.status()).toBe(401);
  expect(direct.headers()).toMatchObject(NO_FRAMING);
});

test('the signed-in dashboard forbids framing', async ({ page }) => {
  await signUpInBrowser(page, 'frame');
  const dashboard = await page.goto('/dashboard');
  expect(dashboard?.status()).toBe(200);
  expect(page.url()).toMatch(/\/dashboard$/);
  expect(dashboard?.headers()).toMatchObject(NO_FRAMING);
});
