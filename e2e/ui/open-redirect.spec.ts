import { expect, test } from '../fixtures';
import { PASSWORD, signOutInBrowser, signUpInBrowser } from './steps';

// `next` after login is a path on this site or nothing: the variants browsers read as another host
// (`/\evil.example`, `/<tab>/evil.example`, `//evil.example`) land on the dashboard instead.

const VARIANTS = ['/%5Cevil.example/x', '/%09/evil.example', '//evil.example', '/%5C%5Cevil.example'];

test('a signed-in visit to /login?next=… redirects on site only', async ({ page }) => {
  await signUpInBrowser(page, 'redirect');
  for (const next of VARIANTS) {
    const res = await page.request.get(`/login?next=${next}`, { maxRedirects: 0 });
    expect(res.status(), next).toBe(307);
    expect(res.headers().location, next).toBe('/dashboard');
  }
  const onSite = await page.request.get('/login?next=/dashboard/keys', { maxRedirects: 0 });
  expect(onSite.headers().location).toBe('/dashboard/keys');
});

test('a signed-in visit to /signup goes where its role leads, and a next on this site wins', async ({ page }) => {
  await signUpInBrowser(page, 'redirect-signup');
  const location = async (path: string) => (await page.request.get(path, { maxRedirects: 0 })).headers().location;
  for (const next of VARIANTS) expect(await location(`/signup?role=worker&next=${next}`), next).toBe('/dashboard');
  expect(await location('/signup?role=worker')).toBe('/worker/onboarding');
  expect(await location('/signup?role=requester')).toBe('/dashboard/tasks/new');
  expect(await location('/signup?role=worker&next=/dashboard/keys')).toBe('/dashboard/keys');
});

test('logging in with an off-site next lands on the dashboard', async ({ page }) => {
  const email = await signUpInBrowser(page, 'redirect-login');
  await signOutInBrowser(page);
  await page.goto('/login?next=/%5Cevil.example/x');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
