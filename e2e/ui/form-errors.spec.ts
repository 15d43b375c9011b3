import { expect, test } from '../fixtures';
import { ACCEPT_TERMS_LABEL, ACCEPT_WORKER_AGREEMENT_LABEL, enterTestCard, payClaim, signUpInBrowser } from './steps';

test('sign-up: the password rule shows before submit, and a short password is refused next to the field', async ({
  page,
}) => {
  await page.goto('/signup');
  const password = page.getByLabel(/^Password/);
  await expect(page.getByText('Password (at least 10 characters)')).toBeVisible();
  await expect(password).toHaveAttribute('minlength', '10');

  await page.getByLabel('Email').fill(`e2e-short-${Date.now()}@example.com`);
  await password.fill('short');
  await page.getByLabel(ACCEPT_TERMS_LABEL).check();
  // The browser would stop this submit itself; without its check, the API's answer shows under the field.
  await page.locator('form').evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Must be at least 10 characters');
  await expect(page.getByText('Check Password.')).toBeVisible();
  await expect(page.getByText('Invalid request body')).toHaveCount(0);
});

test('onboarding says what is missing next to the field; the city is picked with the keyboard', async ({ page }) => {
  await signUpInBrowser(page, 'form-errors');
  await page.goto('/worker/onboarding');
  const listing = page.getByTestId('step-listing');

  await page.getByLabel('Display name').fill('Kim');
  await page.getByLabel('Hourly rate ($)').fill('25');
  await page.getByLabel(ACCEPT_WORKER_AGREEMENT_LABEL).check();
  await page.getByRole('button', { name: 'Save profile' }).click();

  const profile = page.getByTestId('step-profile');
  await expect(profile.getByTestId('step-state')).toHaveText(
    'Add a headline or a bio, at least one skill and your city to be listed.',
  );
  await expect(page.getByLabel('Skills (comma-separated)')).toHaveAccessibleDescription(
    'Add at least one skill to be listed',
  );
  await expect(page.getByLabel('Headline')).toHaveAccessibleDescription('Add a headline or a bio to be listed');
  // What was saved stays in the form.
  await expect(page.getByLabel('Display name')).toHaveValue('Kim');
  await expect(listing.getByRole('button', { name: 'List me' })).toBeDisabled();
  await expect(listing.getByTestId('listing-blocker')).toContainText('at least one skill');

  // The city picker with the keyboard only: type, ↓, Enter.
  const city = page.getByRole('combobox', { name: 'City' });
  await city.fill('lyo');
  await expect(city).toHaveAttribute('aria-expanded', 'true');
  await city.press('ArrowDown');
  await expect(page.getByRole('option', { name: /^Lyon, / })).toHaveAttribute('aria-selected', 'true');
  await city.press('Enter');
  await expect(page.getByTestId('picked-city')).toContainText('Lyon, FR');
  await expect(city).toHaveAttribute('aria-expanded', 'false');
  await city.fill('par');
  await city.press('Escape');
  await expect(city).toHaveAttribute('aria-expanded', 'false');

  // The notes under the fields fit a phone: the profile form is no wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('onboarding-390.png'), fullPage: true });
  const profileWidth = await profile.evaluate((card) => card.scrollWidth <= card.clientWidth);
  expect(profileWidth).toBe(true);
});

test('claim page: a declined card keeps the typed fields and the email, and says why', async ({ page, request }) => {
  const human = `e2e-declined-${Date.now()}@example.com`;
  const proposed = await request.post('/v1/tasks/propose', {
    data: { task: { title: 'Count the bikes outside', budgetCents: 1000 }, requesterEmail: human },
  });
  expect(proposed.status()).toBe(201);
  const { data: proposal } = await proposed.json();

  await page.goto(new URL(proposal.humanClaimUrl).pathname);
  await page.getByLabel('Your email').fill(human);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/test-processor\/setup\/seti_test_/);

  // Declined when saved: the error is under the number, and nothing typed is lost.
  await enterTestCard(page, '4000 0000 0000 0002');
  const number = page.getByLabel('Card number');
  await expect(number).toHaveAccessibleDescription('Your card was declined.');
  await expect(number).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await expect(page.getByLabel('CVC')).toHaveValue('123');

  // Saved, but the charge fails: the claim page still knows who is paying and says why.
  await number.fill('4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Save card' }).click();
  await payClaim(page, '$11.50');
  await expect(page.getByText('Your card was not charged')).toBeVisible();
  await expect(page.getByRole('main').getByText(`Signed in as ${human}`)).toBeVisible();
});
