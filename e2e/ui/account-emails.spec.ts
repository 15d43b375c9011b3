import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { PASSWORD, signUpInBrowser } from './steps';

const NEW_PASSWORD = 'a brand new passphrase';

/** Opens the newest link to `path` (`/verify-email/`, `/reset-password/`) emailed to `email`, from /dev/mailbox. */
async function openEmailedLink(page: Page, email: string, path: string) {
  await page.goto('/dev/mailbox');
  const message = page.getByTestId('email').filter({ hasText: email }).filter({ hasText: path }).first();
  await message.getByRole('link', { name: new RegExp(path) }).click();
  await expect(page).toHaveURL(new RegExp(`${path}[A-Za-z0-9_-]{43}$`));
}

test('sign up, resend the verification link, open it from the mailbox: the banner is gone', async ({ page }) => {
  const email = await signUpInBrowser(page, 'verify', { verified: false });
  const banner = page.getByTestId('verify-email-banner');
  await expect(banner).toContainText(`open the link we sent to ${email}`);

  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expect(banner).toContainText(`We sent a new verification link to ${email}`);

  await openEmailedLink(page, email, '/verify-email/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email verified');
  await expect(page.getByTestId('email-verified')).toContainText(email);

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  await page.goto('/worker');
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
});

test('forgot password: the link from the mailbox sets a new one and signs the old browser out', async ({
  page,
  browser,
  baseURL,
  clientIp,
}) => {
  const email = await signUpInBrowser(page, 'reset', { verified: false });
  await expect(page.getByTestId('verify-email-banner')).toBeVisible();

  // The reset happens in another browser, as from a phone; the first one is still signed in meanwhile.
  const otherContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const other = await otherContext.newPage();
  await other.goto('/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other).toHaveURL(/\/forgot-password$/);
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  await expect(other.getByRole('status')).toHaveText(
    'If an account exists for that email, we sent a link to reset its password. It works for 1 hour.',
  );

  await openEmailedLink(other, email, '/reset-password/');
  const resetUrl = other.url();
  await expect(other.getByText(`For ${email}.`)).toBeVisible();
  await other.getByLabel('New password').fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Set new password' }).click();
  await expect(other).toHaveURL(/\/login\?reset=1$/);
  await expect(other.getByRole('main').getByRole('status')).toContainText('Your password was changed');

  // The first browser's session row was revoked: its next page load is signed out.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // The old password is gone, the new one works, and the link proved the mailbox: no banner.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);

  // The link works once.
  await other.goto(resetUrl);
  await expect(other.getByRole('main').getByRole('alert')).toHaveText(
    'This reset link has already been used. Ask for a new one if you still need it.',
  );
  await otherContext.close();
});
