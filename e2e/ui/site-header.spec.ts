import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

// The header is rendered on the server with the session: a signed-in visitor sees their account, the
// Dashboard and Worker links and Sign out, never "Log in"/"Sign up", on every page.

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

async function expectSignedInHeader(page: Page, email: string) {
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-account')).toHaveText(`Signed in as ${email}`);
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(header.getByRole('link', { name: 'Worker' })).toHaveAttribute('href', '/worker');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
}

async function screenshot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/site-header-${name}-${size}.png` });
  }
  await page.setViewportSize(SIZES.desktop);
}

test('signed out, the header offers Log in and Sign up and no account', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(header.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await screenshot(page, 'signed-out');
});

test('signed in, the header shows the account on the landing page, the dashboard and a claim page', async ({
  page,
  request,
}) => {
  const email = await signUpInBrowser(page, 'header');
  await expectSignedInHeader(page, email);
  await screenshot(page, 'dashboard');

  await page.goto('/');
  await expectSignedInHeader(page, email);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
  await screenshot(page, 'landing');

  const { data: proposal } = await (
    await request.post('/v1/tasks/propose', { data: { task: { title: 'Photograph the shop window' } } })
  ).json();
  await page.goto(new URL(proposal.humanClaimUrl).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Photograph the shop window');
  await expectSignedInHeader(page, email);
  await screenshot(page, 'claim');
});

test('the header is in the first HTML, not filled in after load', async ({ page }) => {
  const email = await signUpInBrowser(page, 'header-ssr');
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(email);
  expect(html).toContain('Sign out');
  expect(html).not.toContain('>Log in<');
});

test('Sign out in the header signs out', async ({ page }) => {
  await signUpInBrowser(page, 'header-out');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('header-account')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
