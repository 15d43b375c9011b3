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
