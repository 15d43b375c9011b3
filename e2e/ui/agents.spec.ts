import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { enterTestCard, payClaim, signUpInBrowser } from './steps';

async function operatorProfile(request: APIRequestContext, key: string) {
  const response = await request.get('/v1/operators/me', { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status(), body: await response.json() };
}

test('an operator creates an agent, copies its key once, and the key works', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await signUpInBrowser(page, 'agent');
  await page.getByRole('link', { name: 'Agents', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/agents$/);

  await page.getByLabel('Agent name').fill('Shelf checker');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const shown = await page.getByTestId('new-key').textContent();
  expect(shown).toMatch(/^lgw_test_[0-9A-Za-z]{38}$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);

  const profile = await operatorProfile(request, copied);
  expect(profile.status).toBe(200);
  expect(profile.body.data).toMatchObject({ email, userType: 'human' });

  // Listed with its stats; after a reload the key is gone from the page for good.
  await page.reload();
  await expect(page.getByTestId('agents-table')).toContainText('Shelf checker');
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  expect(await page.content()).not.toContain(copied);
});

test('a claim code minted on the dashboard turns claimed when a scripted agent registers', async ({
  page,
  request,
}) => {
  const email = await signUpInBrowser(page, 'claim-code');
  await page.goto('/dashboard/agents');
  await page.getByRole('button', { name: 'Mint a claim code' }).click();
  const code = (await page.getByTestId('claim-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  await expect(page.getByTestId('paste-snippet')).toContainText(code);
  await expect(page.getByTestId('paste-snippet')).toContainText('/v1/agents/register');
  await expect(page.getByTestId('claim-code-status')).toHaveText('waiting for your agent…');

  // The agent does what the snippet says.
  const registered = await request.post('/v1/agents/register', { data: { code, name: 'Scripted agent' } });
  expect(registered.status()).toBe(201);
  const { data } = await registered.json();
  expect(data.claimUrl).toMatch(/\/dashboard\/agents$/);

  await expect(page.getByTestId('claim-code-status')).toHaveText('claimed by Scripted agent', { timeout: 10_000 });
  await expect(page.getByTestId('agents-table')).toContainText('Scripted agent');
  const profile = await operatorProfile(request, data.apiKey.key);
  expect(profile.body.data.email).toBe(email);

  const again = await request.post('/v1/agents/register', { data: { code, name: 'Second agent' } });
  expect(again.status()).toBe(404);
  expect((await again.json()).error.code).toBe('CLAIM_CODE_NOT_FOUND');
});

test('cold start: propose, the human claims with a new email and card 4242, the agent gets its key once', async ({
  page,
  request,
}) => {
  const human = `e2e-cold-${Date.now()}@example.com`;
  const proposed = await request.post('/v1/tasks/propose', {
    data: { task: { title: 'Photograph the shelf at aisle 4', budgetCents: 1000 }, requesterEmail: human },
  });
  expect(proposed.status()).toBe(201);
  const { data: proposal } = await proposed.json();
  expect(proposal.task.status).toBe('draft');
  const poll = async () => (await request.get(`/v1/agents/claim/${proposal.claimToken}`)).json();
  expect((await poll()).data.status).toBe('pending');

  // The human follows the link from the email in the outbox.
  await page.goto('/dev/mailbox');
  await page.getByRole('link', { name: proposal.humanClaimUrl }).first().click();
  await expect(page.getByTestId('claim-task-title')).toHaveText('Photograph the shelf at aisle 4');
  await expect(page.getByTestId('claim-total')).toHaveText('$11.50');
  // Before paying, the human learns the agent's cap on their card: this task's total.
  const capNote = 'This agent can spend up to $11.50 on your card. You can change this in the dashboard.';
  await expect(page.getByTestId('claim-spending-limit')).toHaveText(capNote);

  await page.getByLabel('Your email').fill(human);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/test-processor\/setup\/seti_test_/);
  await enterTestCard(page, '4242 4242 4242 4242');

  await expect(page.getByTestId('claim-card')).toContainText('4242');
  await expect(page.getByTestId('claim-spending-limit')).toHaveText(capNote);
  await page.screenshot({ path: test.info().outputPath('claim-spending-limit.png'), fullPage: true });
  await payClaim(page, '$11.50');
  await expect(page.getByTestId('claim-done')).toBeVisible();

  const delivered = (await poll()).data;
  expect(delivered).toMatchObject({ status: 'claimed', taskId: proposal.task.id });
  expect(delivered.apiKey.key).toMatch(/^lgw_test_/);
  const later = (await poll()).data;
  expect(later.apiKey).toBeUndefined();
  expect(later.apiKeyDelivered).toBe(true);

  const profile = await operatorProfile(request, delivered.apiKey.key);
  expect(profile.status).toBe(200);
  expect(profile.body.data.email).toBe(human);

  // The task is posted and funded: the operator's dashboard shows it under the agent.
  await page.goto(`/dashboard/agents/${delivered.agent.id}`);
  // Named after its task unless the human typed a name; the title is also the task's own line.
  await expect(page.getByText('Agent for “Photograph the shelf at aisle 4”').first()).toBeVisible();
  await expect(page.getByText('Photograph the shelf at aisle 4', { exact: true })).toBeVisible();
  await expect(page.getByText('posted · $11.50')).toBeVisible();
  await expect(page.getByTestId('agent-stats')).toContainText('Spent$11.50');
  // Capped at the claimed task's total; the human raises the cap here.
  await expect(page.getByTestId('agent-stats')).toContainText('Cap$11.50');
  await expect(page.getByLabel(/Spending cap/)).toHaveValue('11.50');
  await page.getByLabel(/Spending cap/).fill('50');
  await page.getByRole('button', { name: 'Save cap' }).click();
  await expect(page.getByTestId('agent-stats')).toContainText('Cap$50.00');
  await page.reload();
  await expect(page.getByLabel(/Spending cap/)).toHaveValue('50.00');
  await page.screenshot({ path: test.info().outputPath('agent-cap-raised.png'), fullPage: true });
  // The charge email's pause link lands on the one-click pause: a $0 cap.
  await page.goto(`/dashboard/agents/${delivered.agent.id}#pause`);
  await page.getByTestId('pause-spending').getByRole('button', { name: 'Pause spending' }).click();
  await expect(page.getByTestId('agent-stats')).toContainText('Cap$0.00');
  await page.reload();
  await expect(page.getByTestId('pause-spending')).toHaveCount(0);

  // A new account sets its password after the claim.
  await page.goto(new URL(proposal.humanClaimUrl).pathname);
  await page.getByLabel(/Choose a password/).fill('another horse battery staple');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password saved')).toBeVisible();
});

test('cold start with an existing account: log in first; a card that fails leaves the claim open and says why', async ({
  page,
  request,
}) => {
  const email = `e2e-cold-known-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  expect((await request.post('/v1/users', { data: { email, password } })).status()).toBe(201);
  const { data: proposal } = await (
    await request.post('/v1/tasks/propose', { data: { task: { title: 'Check the opening hours' } } })
  ).json();
  const claimPath = new URL(proposal.humanClaimUrl).pathname;
  const poll = async () => (await (await request.get(`/v1/agents/claim/${proposal.claimToken}`)).json()).data;

  await page.goto(claimPath);
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status')).toContainText('already has a Legwork account');
  await page.getByRole('link', { name: 'Log in to continue' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${claimPath}$`));

  await page.getByRole('button', { name: 'Add a card' }).click();
  await enterTestCard(page, '4000 0000 0000 9995');
  await payClaim(page, '$28.75');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your card was not charged');
  expect(await poll()).toMatchObject({ status: 'pending' });

  await page.getByRole('button', { name: 'Use a different card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await payClaim(page, '$28.75');
  await expect(page.getByTestId('claim-done')).toBeVisible();
  // An account that already has a password is not asked for one.
  await expect(page.getByLabel(/Choose a password/)).toHaveCount(0);
  expect((await poll()).apiKey.key).toMatch(/^lgw_test_/);
});
