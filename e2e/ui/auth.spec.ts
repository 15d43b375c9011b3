import { expect, test } from '../fixtures';
import { ACCEPT_TERMS_LABEL, signOutInBrowser } from './steps';

const password = 'correct horse battery staple';

test('sign up, land on the dashboard, sign out, log back in', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hire a person');
  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Name').fill('E2E Operator');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel(ACCEPT_TERMS_LABEL).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-email')).toHaveText(email);

  await signOutInBrowser(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password!!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('revoking the server-side session signs the browser out', async ({ page, request }) => {
  const email = `e2e-revoke-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel(ACCEPT_TERMS_LABEL).check();
  // The browser adopts the session that POST /v1/users created; keep its token to revoke it over the API.
  const signUp = page.waitForResponse((response) => response.url().endsWith('/v1/users'));
  await page.getByRole('button', { name: 'Create account' }).click();
  const { token } = (await (await signUp).json()).data.session;
  await expect(page).toHaveURL(/\/dashboard$/);

  const revoke = await request.delete('/v1/auth/sessions/current', { headers: { authorization: `Bearer ${token}` } });
  expect(revoke.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('the API reference lists the operations', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Legwork API' })).toBeVisible();
  await expect(page.locator('#getCurrentUser')).toContainText('/v1/users/me');
});
