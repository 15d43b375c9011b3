import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export const PASSWORD = 'correct horse battery staple';

/** The sign-up form's required box, the claim page's (by its pay button) and the onboarding profile step's. */
export const ACCEPT_TERMS_LABEL = 'I accept the Terms and the Privacy Policy';
export const ACCEPT_WORKER_AGREEMENT_LABEL = 'I accept the Worker Agreement';

/**
 * Signs a new human up through /signup; they land on the dashboard. Returns their email. Unless `verified: false`,
 * they then open the verification link from the dev mailbox, as keys, agents, codes and webhooks need (issue 32).
 */
export async function signUpInBrowser(page: Page, label: string, { verified = true } = {}): Promise<string> {
  const email = `e2e-${label}-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel(ACCEPT_TERMS_LABEL).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (verified) {
    await openVerificationLink(page, email);
    await page.goto('/dashboard');
  }
  return email;
}

/** On the claim page: tick the Terms box by the pay button (required), then pay `total` (as `$28.75`) or any. */
export async function payClaim(page: Page, total?: string): Promise<void> {
  await page.getByTestId('claim-pay-form').getByLabel(ACCEPT_TERMS_LABEL).check();
  const name = total ? `Pay ${total} and post the task` : /^Pay .* and post the task$/;
  await page.getByRole('button', { name }).click();
}

/** Opens the verification link emailed to `email` from the dev mailbox, in this browser. */
export async function openVerificationLink(page: Page, email: string) {
  await page.goto('/dev/mailbox');
  const message = page.getByTestId('email').filter({ hasText: email }).filter({ hasText: '/verify-email/' });
  await message
    .first()
    .getByRole('link', { name: /\/verify-email\// })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email verified');
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

/** Signs a new human up and takes them through onboarding to listed, in `city` (Lyon), with the photography skill. */
export async function becomeListedWorker(page: Page, name = `Tess ${Date.now()}`, city = 'Lyon') {
  await signUpInBrowser(page, 'task-worker');
  await saveWorkerProfile(page, name, city);
  const state = (step: string) => page.getByTestId(step).getByTestId('step-state');
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

/** The signed-in human's first onboarding step (/worker/onboarding): a worker profile in `city`, not listed yet. */
export async function saveWorkerProfile(page: Page, name = `Tess ${Date.now()}`, city = 'Lyon') {
  await page.goto('/worker/onboarding');
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Headline').fill('Photos of shelves and shop fronts');
  await page.getByLabel('Bio').fill('I photograph shelves and pick up parcels around Lyon.');
  await page.getByLabel('Skills (comma-separated)').fill('photography, delivery');
  await page.getByLabel('Hourly rate ($)').fill('25');
  await page.getByLabel('City').fill(city.toLowerCase());
  // The first: GeoNames has four places named Porto; the most populous comes first.
  await page
    .getByRole('option', { name: new RegExp(`^${city}, `) })
    .first()
    .click();
  await page.getByLabel(/Photo/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByLabel(ACCEPT_WORKER_AGREEMENT_LABEL).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('step-profile').getByTestId('step-state')).toHaveText('done');
}

/** A `datetime-local` value `days` from now, in the browser's zone. */
export const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

export async function addCardFromPayments(page: Page) {
  await page.goto('/dashboard/payments');
  await page.getByRole('button', { name: 'Add card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-on-file')).toContainText('4242');
}

/** Types a place and picks it with the keyboard only: arrows, Escape, Enter. */
export async function pickLyonWithKeyboard(page: Page) {
  const place = page.getByRole('combobox', { name: 'Place (city)' });
  await place.fill('lyo');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option', { name: /^Lyon, / })).toBeVisible();
  await place.press('Escape');
  await expect(list).toBeHidden();
  await place.press('ArrowDown');
  await expect(place).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option', { name: /^Lyon, / })).toHaveAttribute('aria-selected', 'true');
  await place.press('Enter');
  await expect(page.getByTestId('picked-city')).toContainText('Lyon, FR');
  await expect(list).toBeHidden();
}

/** Fills the New task form: a photo task in Lyon for $20.00, due in three days. */
export async function fillTask(page: Page) {
  await page.getByLabel('Title').fill('Photograph the bakery front');
  await page.getByLabel('Description').fill('Two photos of the shop front, from across the street.');
  await page.getByLabel('Category').selectOption('photography');
  await pickLyonWithKeyboard(page);
  await page.getByLabel('Address').fill('12 rue de la République');
  await page.getByLabel(/^Budget/).fill('20');
  await page.getByLabel('Deadline').fill(inDays(3));
  await page.getByLabel('Skills (comma-separated)').fill('photography');
  await page.getByLabel('Photo', { exact: true }).check();
  await page.getByLabel('Private instructions').fill('Ask for Marie at the counter.');
}

export const ADMIN = 'e2e-admin@example.com';

/** The staff member of playwright.config.ts's ADMIN_EMAILS, signed in with a verified email (a retry logs in). */
export async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const landed = await Promise.race([
    page.waitForURL(/\/dashboard$/).then(() => 'in' as const),
    // The form's own error (Next's route announcer is an alert too, but not a <p>).
    page
      .locator('p[role=alert]')
      .waitFor()
      .then(() => 'refused' as const),
  ]);
  if (landed === 'refused') {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel(ACCEPT_TERMS_LABEL).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // A new account is unverified, and a session holds admin power only if it was signed in as admin (verified):
    // verify, then sign in again, so a spec run on its own gets the Admin link too.
    await openVerificationLink(page, ADMIN);
    await page.context().clearCookies();
    return signInAsAdmin(page);
  }
  if (await page.getByTestId('verify-email-banner').isVisible()) await openVerificationLink(page, ADMIN);
}

/** Creates an agent on /dashboard/agents and returns the headers that act as it through the API. */
export async function createAgentInBrowser(page: Page, name: string): Promise<{ authorization: string }> {
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill(name);
  await page.getByRole('button', { name: 'Create agent' }).click();
  const key = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(key).not.toBe('');
  return { authorization: `Bearer ${key}` };
}
