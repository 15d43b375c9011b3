import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export const PASSWORD = 'correct horse battery staple';

/** The sign-up form's required box, the claim page's (by its pay button) and the onboarding profile step's. */
export const ACCEPT_TERMS_LABEL = 'I accept the Terms and the Privacy Policy';
export const ACCEPT_WORKER_AGREEMENT_LABEL = 'I accept the Worker Agreement';

/** The sign-up form's role choices, and the page each one lands on. */
export const SIGN_UP_ROLES = {
  requester: { label: 'I want to get tasks done', lands: /\/dashboard\/tasks\/new$/, path: '/dashboard/tasks/new' },
  worker: { label: 'I want to earn', lands: /\/worker\/onboarding$/, path: '/worker/onboarding' },
} as const;

/**
 * Signs a new human up through /signup; with no `role` they land on the dashboard, with one where it leads (and
 * come back there after verifying). `name` fills the optional Name field. Returns their email. Unless
 * `verified: false`, they then open the verification link from the dev mailbox, as keys, agents, codes and
 * webhooks need (issue 32).
 */
export async function signUpInBrowser(
  page: Page,
  label: string,
  { verified = true, role, name }: { verified?: boolean; role?: keyof typeof SIGN_UP_ROLES; name?: string } = {},
): Promise<string> {
  const email = `e2e-${label}-${Date.now()}@example.com`;
  await page.goto('/signup');
  if (role) await page.getByRole('radio', { name: SIGN_UP_ROLES[role].label }).check();
  if (name) await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel(ACCEPT_TERMS_LABEL).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(role ? SIGN_UP_ROLES[role].lands : /\/dashboard$/);
  if (verified) {
    await openVerificationLink(page, email);
    await page.goto(role ? SIGN_UP_ROLES[role].path : '/dashboard');
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
  await page.getByTestId('step-capabilities').getByLabel('Has a car').check();
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

/** Creates an agent on the dashboard and returns its new key as request headers. */
export async function createAgentInBrowser(page: Page, name: string): Promise<{ authorization: string }> {
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill(name);
  await page.getByRole('button', { name: 'Create agent' }).click();
  return { authorization: `Bearer ${(await page.getByTestId('new-key').textContent()) ?? ''}` };
}

/** A new operator with a 4242 card and an agent named `agent`: the agent key's Authorization header. */
export async function operatorWithAgent(page: Page, label: string, agent = 'Errand agent') {
  await signUpInBrowser(page, label);
  await addCardFromPayments(page);
  return createAgentInBrowser(page, agent);
}

/** On the worker's task page: accept the posted task, then submit a note (and a photo, if asked) as its proof. */
export async function acceptAndSubmit(page: Page, taskId: string, { note = 'Done, as asked.', photo = false } = {}) {
  await page.goto(`/worker/tasks/${taskId}`);
  await page.getByRole('button', { name: 'Accept task' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('accepted');
  const form = page.getByTestId('proof-form');
  if (photo) await form.getByLabel('Photos').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PHOTO });
  await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Submit proof' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('submitted');
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

/** Posts fillTask's photo task as `title` from New task, paid with the saved card; returns its id. */
export async function postTaskInBrowser(page: Page, title: string): Promise<string> {
  await page.goto('/dashboard/tasks/new');
  await fillTask(page);
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Pay $23.00 and post' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('posted');
  return page.url().split('/').at(-1) ?? '';
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * On /worker/services, gives each of `days` one window of weekly hours (`from`–`until`, the editor's time inputs;
 * an until of 00:00 is midnight) in the browser's zone, and saves them.
 */
export async function setWeeklyHours(
  page: Page,
  { days = WEEKDAYS as readonly string[], from = '08:00', until = '20:00' } = {},
) {
  const editor = page.getByTestId('availability');
  for (const day of days) {
    await editor.getByRole('button', { name: `Add hours on ${day}` }).click();
    const row = editor.getByRole('group', { name: day }).getByTestId('hours-row').last();
    await row.getByLabel(`${day} from`).fill(from);
    await row.getByLabel(`${day} until`).fill(until);
  }
  await editor.getByRole('button', { name: 'Save hours' }).click();
  await expect(editor.getByRole('status')).toHaveText('Hours saved');
}

/** On /worker/services: a new service of `title` in `city` (picked from the list), or remote without a city. */
export async function offerService(
  page: Page,
  { title, category = 'errand', price = '35', minutes = '60', city }: OfferedService,
) {
  const form = page.getByTestId('new-service');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption(category);
  await form.getByLabel('Price (USD)').fill(price);
  await form.getByLabel('Duration (minutes)').fill(minutes);
  if (city) {
    await form.getByRole('combobox', { name: 'Area centre' }).fill(city.toLowerCase());
    await page
      .getByRole('option', { name: new RegExp(`^${city}, `) })
      .first()
      .click();
    await form.getByLabel('Radius (km)').fill('10');
  } else {
    await form.getByLabel(/^Remote/).check();
  }
  await form.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByTestId('service').filter({ hasText: title })).toBeVisible();
}

type OfferedService = { title: string; category?: string; price?: string; minutes?: string; city?: string };

/** On a booking page: picks the first free slot of the picker (the earliest); returns its ISO start. */
export async function pickFirstSlot(page: Page): Promise<string> {
  const picker = page.getByTestId('slot-picker');
  const slot = picker.getByRole('radio').first();
  await picker.locator('label').first().click();
  await expect(slot).toBeChecked();
  return (await slot.getAttribute('value')) ?? '';
}
