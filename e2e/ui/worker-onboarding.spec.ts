import { expect, test } from '../fixtures';
import { verifyEmailViaApi } from '../mailbox';
import { ACCEPT_WORKER_AGREEMENT_LABEL, PASSWORD, signUpInBrowser } from './steps';

test('a new user completes worker onboarding, lists, and an agent finds them near their city', async ({
  page,
  request,
  baseURL,
  clientIp,
}) => {
  const displayName = `Wendy ${Date.now()}`;
  await signUpInBrowser(page, 'worker');

  await page.goto('/worker/onboarding');
  const listing = page.getByTestId('step-listing');
  const state = (step: string) => page.getByTestId(step).getByTestId('step-state');
  // Nothing is wrong before anything was typed: the first step only says where to start.
  await expect(state('step-profile')).toHaveText('Start here.');
  await expect(page.getByTestId('field-error')).toHaveCount(0);

  // 1. Profile, with a city picked from the offline gazetteer and a photo.
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('Headline').fill('Fast, careful, owns a bike');
  await page.getByLabel('Bio').fill('I photograph shelves and pick up parcels around Lyon.');
  await page.getByLabel('Skills (comma-separated)').fill('photography, delivery');
  await page.getByLabel('Hourly rate ($)').fill('25');
  await page.getByLabel('City').fill('lyo');
  await page.getByRole('option', { name: /^Lyon, / }).click();
  await expect(page.getByTestId('picked-city')).toContainText('Lyon, FR');
  await page.getByLabel(/Photo/).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    // A 1×1 PNG.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByLabel(ACCEPT_WORKER_AGREEMENT_LABEL).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(state('step-profile')).toHaveText('done');

  // Listing before the other steps is off, with the reason.
  await expect(listing.getByRole('button', { name: 'List me' })).toBeDisabled();
  await expect(listing.getByTestId('listing-blocker')).toContainText('Verify your ID');

  // 2. Capabilities.
  await page.getByTestId('step-capabilities').getByLabel('Has a car').check();
  await page.getByRole('button', { name: 'Save capabilities' }).click();
  await expect(state('step-capabilities')).toHaveText('done');

  // 3. ID verification on the test-mode identity page.
  await page.getByRole('button', { name: 'Verify my ID' }).click();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/worker\/onboarding\?step=identity$/);
  await expect(state('step-identity')).toHaveText('done');

  // 4. Payouts on the test-mode onboarding page.
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/worker\/onboarding\?step=payouts$/);
  await expect(page.locator('#step-payouts')).toBeFocused();
  await expect(state('step-payouts')).toHaveText('done');

  // 5. Listed.
  await listing.getByRole('button', { name: 'List me' }).click();
  await expect(listing.getByTestId('listing-status')).toHaveText('You are listed: agents can find you.');

  // An agent's API key finds the worker near Lyon.
  const operatorEmail = `e2e-op-${Date.now()}@example.com`;
  const operator = await request.post('/v1/users', { data: { email: operatorEmail, password: PASSWORD } });
  const session = (await operator.json()).data.session.token;
  await verifyEmailViaApi(baseURL ?? '', operatorEmail, session, { 'x-forwarded-for': clientIp });
  const agent = await request.post('/v1/operators/me/agents', {
    headers: { authorization: `Bearer ${session}` },
    data: { name: 'Finder' },
  });
  const key = (await agent.json()).data.apiKey.key;
  // A full page: the suite's other specs list many workers around Lyon too, and the first 20 need not hold this one.
  const found = await request.get('/v1/workers?lat=45.76&lng=4.84&radiusMeters=20000&skills=photography&limit=100', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(found.status()).toBe(200);
  const match = (await found.json()).data.find((worker: { displayName: string }) => worker.displayName === displayName);
  expect(match).toMatchObject({ isListed: true, verificationTier: 1 });
  expect(match.photos).toHaveLength(1);
  expect(match.distanceMeters).toBeLessThan(2000);
  expect(match.matchScore).toBeGreaterThan(0.5);
});
