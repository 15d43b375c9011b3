import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

// The usage page (issue 23): an agent's API requests, a 404 among them, reach the operator's /dashboard/usage.
// The log is written in batches (FLUSH_INTERVAL_MS, one second), so the page is reloaded until they show.

test('the usage page shows an agent’s requests, and its 404 under the 4xx filter', async ({ page, request }) => {
  await signUpInBrowser(page, 'usage-operator');
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Logger');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const agentKey = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(agentKey).toMatch(/^lgw_/);
  const asAgent = { authorization: `Bearer ${agentKey}` };

  expect((await request.get('/v1/operators/me', { headers: asAgent })).status()).toBe(200);
  expect((await request.get('/v1/tasks', { headers: asAgent })).status()).toBe(200);
  expect((await request.get(`/v1/tasks/${randomUUID()}`, { headers: asAgent })).status()).toBe(404);

  await page.goto('/dashboard/usage');
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('usage-log-row').count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('usage-chart')).toBeVisible();
  await expect(page.getByTestId('usage-agents')).toContainText('Logger');
  const log = page.getByTestId('usage-log');
  await expect(log).toContainText('GET /v1/tasks/{id}');
  await expect(log).toContainText('GET /v1/operators/me');

  await page.getByLabel('Status').selectOption('4xx');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByTestId('usage-log-row')).toHaveCount(1);
  await expect(page.getByTestId('usage-status')).toHaveText('404');
  await expect(log).toContainText('GET /v1/tasks/{id}');
  await expect(log.getByRole('link', { name: 'Logger' })).toHaveAttribute('href', /\/dashboard\/agents\//);

  await page.getByLabel('Route').fill('/v1/nothing');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('usage-log')).toHaveText('No request matches these filters.');
});
