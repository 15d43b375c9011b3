import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export const PASSWORD = 'correct horse battery staple';

/** Signs a new human up through /signup; they land on the dashboard. Returns their email. */
export async function signUpInBrowser(page: Page, label: string): Promise<string> {
  const email = `e2e-${label}-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Fills the test-mode card page and saves (4242… succeeds, …0002 is declined, …9995 saves but charges fail). */
export async function enterTestCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

/** Opens the account menu in the header and signs out; the browser lands on /login. */
export async function signOutInBrowser(page: Page): Promise<void> {
  await page.getByRole('banner').getByTestId('header-account').click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

// A 1×1 PNG.
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs a new human up and takes them through onboarding to listed, in Lyon, with the photography skill. */
export async function becomeListedWorker(page: Page, name = `Tess ${Date.now()}`) {
  await signUpInBrowser(page, 'task-worker');
  await page.goto('/worker/onboarding');
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Headline').fill('Photos of shelves and shop fronts');
  await page.getByLabel('Bio').fill('I photograph shelves and pick up parcels around Lyon.');
  await page.getByLabel('Skills (comma-separated)').fill('photography, delivery');
  await page.getByLabel('Hourly rate ($)').fill('25');
  await page.getByLabel('City').fill('lyo');
  await page.getByRole('option', { name: /^Lyon, / }).click();
  await page.getByLabel(/Photo/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('button', { name: 'Save profile' }).click();
  const state = (step: string) => page.getByTestId(step).getByTestId('step-state');
  await expect(state('step-profile')).toHaveText('done');
  await page.getByTestId('step-capabilities').locator('input[type=radio][value=yes]').first().check();
  await page.getByRole('button', { name: 'Save capabilities' }).click();
  await expect(state('step-capabilities')).toHaveText('done');
  await page.getByRole('button', { name: 'Verify my ID' }).click();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(state('step-identity')).toHaveText('done');
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(state('step-payouts')).toHaveText('done');
  const listing = page.getByTestId('step-listing');
  await listing.getByRole('button', { name: 'List me' }).click();
  await expect(listing.getByTestId('listing-status')).toHaveText('You are listed: agents can find you.');
}
