import { expect, test } from '../fixtures';
import { enterTestCard, openVerificationLink, payClaim, signUpInBrowser } from './steps';

test('an operator creates an API key on the dashboard, it works, and revoking it refuses it', async ({
  page,
  request,
}) => {
  await signUpInBrowser(page, 'keys');

  await page.getByRole('link', { name: 'API keys', exact: true }).first().click();
  await page.getByLabel('Key name').fill('Build server');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key').textContent()) ?? '';
  // No live processor on the e2e server: a new key defaults to test mode.
  expect(key).toMatch(/^lgw_test_/);
  const me = () => request.get('/v1/operators/me', { headers: { authorization: `Bearer ${key}` } });
  expect((await me()).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('keys-table')).toContainText('Build server');
  await expect(page.getByTestId('keys-table')).toContainText(`${key.slice(0, 12)}…${key.slice(-4)}`);
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('confirmation')).toContainText('Calls with it are refused at once');
  await page.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByTestId('keys-table')).toContainText('inactive');
  await expect(page.getByTestId('done-notice')).toContainText('The key is revoked');
  const refused = await me();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('UNAUTHORIZED');
});

test('a used claim link and an unknown one each show a clear page', async ({ page, browser, request }) => {
  await page.goto('/claim/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This claim link is not valid' })).toBeVisible();

  const { data: proposal } = await (
    await request.post('/v1/tasks/propose', { data: { task: { title: 'Count the parked cars' } } })
  ).json();
  const claimPath = new URL(proposal.humanClaimUrl).pathname;
  await page.goto(claimPath);
  await page.getByLabel('Your email').fill(`e2e-used-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await payClaim(page, '$28.75');
  await expect(page.getByTestId('claim-done')).toBeVisible();

  // Someone else opening the same link afterwards.
  const stranger = await browser.newPage();
  await stranger.goto(claimPath);
  await expect(stranger.getByRole('heading', { name: 'This claim link has already been used' })).toBeVisible();
  await stranger.close();
});

test('an unverified operator is told why keys wait, resends the link, and once verified creates one', async ({
  page,
}) => {
  const email = await signUpInBrowser(page, 'keys-unverified', { verified: false });
  await page.goto('/dashboard/keys');
  const notice = page.getByTestId('verify-email-first');
  await expect(notice).toContainText(`You can create API keys once your email is verified`);
  await expect(notice).toContainText(email);
  await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/keys-unverified-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/keys-unverified-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await notice.getByRole('button', { name: 'Resend link' }).click();
  await expect(notice).toContainText(`We sent a new verification link to ${email}`);

  await openVerificationLink(page, email);
  await page.goto('/dashboard/keys');
  await expect(page.getByTestId('verify-email-first')).toHaveCount(0);
  await page.getByLabel('Key name').fill('After verifying');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toContainText('lgw_test_');
});
