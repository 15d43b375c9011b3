import { expect, test } from '../fixtures';
import { enterTestCard, saveWorkerProfile, signUpInBrowser } from './steps';

test('add a test card on the test-mode page: declined card errors, 4242 shows on the dashboard', async ({ page }) => {
  await signUpInBrowser(page, 'pay');

  await page.getByRole('link', { name: 'Card on file and payment history' }).click();
  await expect(page.getByTestId('card-on-file')).toContainText('No card yet');
  await page.getByRole('button', { name: 'Add card' }).click();

  await expect(page).toHaveURL(/\/test-processor\/setup\/seti_test_/);
  await enterTestCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your card was declined.');

  await enterTestCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  await expect(page.getByTestId('card-on-file')).toHaveText('visa •••• 4242, expires 12/2034');
  await expect(page.getByRole('button', { name: 'Replace card' })).toBeVisible();
});

test('payout onboarding on the test-mode page enables charges and payouts', async ({ page }) => {
  await signUpInBrowser(page, 'payout');
  // A requester has no payouts to set up: no payout card until they start as a worker.
  await page.goto('/dashboard/payments');
  await expect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible();
  await expect(page.getByTestId('payout-status')).toHaveCount(0);
  await saveWorkerProfile(page);

  await page.goto('/dashboard/payments');
  await expect(page.getByTestId('payout-status')).toContainText('Payoutsdisabled');
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page).toHaveURL(/\/test-processor\/onboarding\/link_test_/);
  await page.getByRole('button', { name: 'Complete onboarding' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  await expect(page.getByTestId('payout-status')).toContainText('Chargesenabled');
  await expect(page.getByTestId('payout-status')).toContainText('Payoutsenabled');
  await expect(page.getByRole('button', { name: 'Set up payouts' })).toHaveCount(0);
});
