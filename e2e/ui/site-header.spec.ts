import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { PASSWORD, signOutInBrowser, signUpInBrowser } from './steps';

// One app shell: the header is rendered on the server with the session. A signed-in visitor sees the
// Requester/Worker switch with their side marked and an account menu (Dashboard, Worker, Settings, Sign out),
// never "Log in"/"Sign up", on every page, in one row at 390 px too.

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

async function expectSignedInHeader(page: Page, email: string) {
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-account')).toHaveText(`Signed in as ${email}`);
  const side = header.getByRole('navigation', { name: 'Side' });
  await expect(side.getByRole('link', { name: 'Requester' })).toHaveAttribute('href', '/dashboard');
  await expect(side.getByRole('link', { name: 'Worker' })).toHaveAttribute('href', '/worker');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
}

/** The header (or, with `wholePage`, the page) is no wider than the window. */
async function expectNoHorizontalScroll(page: Page, { wholePage = false } = {}) {
  const { scrollWidth, innerWidth } = await page.evaluate(
    (whole) => ({
      scrollWidth: (whole ? document.documentElement : (document.querySelector('header') as HTMLElement)).scrollWidth,
      innerWidth: window.innerWidth,
    }),
    wholePage,
  );
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function screenshot(page: Page, name: string, { wholePage = false } = {}) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    if (size === 'mobile') {
      await expectNoHorizontalScroll(page, { wholePage });
      // The header stays one row: the logo, the switch and the menu button share a line.
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.height).toBeLessThan(70);
    }
    await page.screenshot({ path: `/tmp/site-header-${name}-${size}.png` });
  }
  await page.setViewportSize(SIZES.desktop);
}

test('signed out, the header offers Log in and Sign up and no account', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(header.getByTestId('header-account')).toHaveCount(0);
  await expect(header.getByRole('navigation', { name: 'Side' })).toHaveCount(0);
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

test('the current side and section are marked, and the worker area leads back', async ({ page }) => {
  await signUpInBrowser(page, 'header-tabs');
  const side = page.getByRole('banner').getByRole('navigation', { name: 'Side' });
  await expect(side.getByRole('link', { name: 'Requester' })).toHaveAttribute('aria-current', 'page');
  await expect(side.getByRole('link', { name: 'Worker' })).not.toHaveAttribute('aria-current');

  await page.goto('/dashboard/keys');
  const sections = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sections.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  // The section tabs scroll sideways inside their own bar at 390 px rather than widening the page.
  await page.setViewportSize(SIZES.mobile);
  const tabs = await sections.evaluate((nav) => ({
    width: nav.clientWidth,
    overflow: getComputedStyle(nav).overflowX,
  }));
  expect(tabs.width).toBeLessThanOrEqual(390);
  expect(tabs.overflow).toBe('auto');
  await page.setViewportSize(SIZES.desktop);

  await side.getByRole('link', { name: 'Worker' }).click();
  await expect(page).toHaveURL(/\/worker$/);
  await expect(side.getByRole('link', { name: 'Worker' })).toHaveAttribute('aria-current', 'page');
  const worker = page.getByRole('navigation', { name: 'Worker' });
  await expect(worker.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'worker');
  await side.getByRole('link', { name: 'Requester' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the account menu opens, lists the places to go, and closes with Escape', async ({ page }) => {
  const email = await signUpInBrowser(page, 'header-menu');
  const header = page.getByRole('banner');
  const menuButton = header.getByRole('button', { name: `Signed in as ${email}` });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('link', { name: 'Settings' })).toBeHidden();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const places: [string, string][] = [
    ['Dashboard', '/dashboard'],
    ['Worker', '/worker'],
    ['Settings', '/settings'],
  ];
  for (const [name, href] of places) {
    await expect(header.getByRole('link', { name, exact: true }).last()).toHaveAttribute('href', href);
  }
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await screenshot(page, 'menu');
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await header.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeHidden();
});

test('the header is in the first HTML, not filled in after load', async ({ page }) => {
  const email = await signUpInBrowser(page, 'header-ssr');
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(email);
  expect(html).toContain('Sign out');
  expect(html).not.toContain('>Log in<');
});

test('Sign out in the account menu signs out', async ({ page }) => {
  await signUpInBrowser(page, 'header-out');
  await page.goto('/');
  await signOutInBrowser(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('header-account')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('Settings changes the name in the header, and the password', async ({ page, browser }) => {
  const email = await signUpInBrowser(page, 'settings', { verified: false });
  // A second browser signed in as the same person: a password change signs it out.
  const other = await browser.newContext({ baseURL: page.url() });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill(email);
  await otherPage.getByLabel('Password').fill(PASSWORD);
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await expect(page.getByTestId('email-card')).toContainText('Not verified');
  await page.getByLabel('Name').fill('Dana Field');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('name-form').getByRole('status')).toHaveText('Saved');
  await page.getByRole('banner').getByTestId('header-account').click();
  await expect(page.getByRole('banner')).toContainText('Dana Field');
  await page.keyboard.press('Escape');

  const form = page.getByTestId('password-form');
  await form.getByLabel('Current password').fill('not the password');
  await form.getByLabel(/New password/).fill('an entirely new passphrase');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form).toContainText('Current password is incorrect');
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel(/New password/).fill('an entirely new passphrase');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved');
  await screenshot(page, 'settings', { wholePage: true });

  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('an unknown page is a 404 inside the site, with ways on', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page does not exist');
  await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await screenshot(page, 'not-found', { wholePage: true });
});
