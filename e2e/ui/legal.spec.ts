import { expect, test } from '../fixtures';
import { ACCEPT_TERMS_LABEL, PASSWORD } from './steps';

// Issue 23: the legal documents. Sign-up needs the Terms and Privacy box ticked; the documents are public pages;
// a signed-in person with a document still to accept sees a banner whose one button accepts them all.

test('sign-up refuses without the box, and succeeds with it', async ({ page }) => {
  const email = `e2e-legal-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const box = page.getByLabel(ACCEPT_TERMS_LABEL);
  await expect(box).toHaveAttribute('required', '');
  const form = page.getByRole('main').locator('form');
  await expect(form.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/legal/terms');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');

  // The browser's own check keeps the form from being sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  expect(await box.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

  await box.check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('legal-banner')).toHaveCount(0);
});

test('/legal/terms shows the document with its version and the draft notice; the footer links it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.getByText(/^Version \d{4}-\d{2}-\d{2}, effective \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
  await expect(page.getByText('DRAFT — to be reviewed by counsel before it binds anyone.')).toBeVisible();

  const missing = await page.goto('/legal/cookies');
  expect(missing?.status()).toBe(404);
});

// The banner for documents a person has not accepted. A new version cannot be published to the running server
// from here, so this uses the other way to have them pending: an account made through the API without
// `acceptTerms` (the same code path: the current version is missing from the person's acceptances).
test('a person with pending documents sees the banner; Accept records them and it goes', async ({ page, request }) => {
  const email = `e2e-legal-banner-${Date.now()}@example.com`;
  const created = await request.post('/v1/users', { data: { email, password: PASSWORD } });
  expect(created.status()).toBe(201);
  const token = (await created.json()).data.session.token;
  const me = async () =>
    (await (await request.get('/v1/users/me', { headers: { authorization: `Bearer ${token}` } })).json()).data;
  expect((await me()).pendingLegal).toEqual(['terms', 'privacy']);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByTestId('legal-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms');
  await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
  await banner.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(banner).toHaveCount(0);
  expect((await me()).pendingLegal).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('legal-banner')).toHaveCount(0);
});
