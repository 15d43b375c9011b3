import { mkdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { addCardFromPayments, inDays, signUpInBrowser } from './steps';

// Recurring tasks on the dashboard (docs/tasks.md "Recurring tasks"): a requester with a saved card makes a weekly
// task on Mondays and Thursdays, six times, sees its next times and finds it in the list; then pauses it. The list
// is photographed at 1280 and 390 px (SHOTS_DIR, default /tmp/shots).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

test('make a weekly recurring task, see its next times, pause it', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, 'series-requester');
  await addCardFromPayments(page);

  const title = `Water the office plants ${Date.now()}`;
  await page.goto('/dashboard/series');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recurring tasks');
  const form = page.getByTestId('series-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Budget per time ($)').fill('20');
  await form.getByLabel('First time').fill(inDays(7));
  await form.getByLabel('Monday').check();
  await form.getByLabel('Thursday').check();
  await form.getByLabel('Times', { exact: true }).fill('6');
  await form.getByRole('button', { name: 'Make it repeat' }).click();

  // Its own page: the cadence, and the next five times, none posted yet.
  await expect(page).toHaveURL(/\/dashboard\/series\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/Every week on Mon, Thu/)).toBeVisible();
  await expect(page.getByText('$20.00 each', { exact: false })).toBeVisible();
  await expect(page.getByTestId('occurrence')).toHaveCount(5);
  await expect(page.getByText('None yet.')).toBeVisible();
  const seriesUrl = page.url();

  // The list shows it, active, with its next time.
  await page.goto('/dashboard/series');
  const row = page.getByTestId('series-row').filter({ hasText: title });
  await expect(row).toContainText('active');
  await expect(row).toContainText('$20.00');
  await expect(row.locator('time')).toHaveCount(1);

  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/series-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/series-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Pause it: its page says so and offers Resume; the list shows it paused.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(seriesUrl);
  await page.getByTestId('series-actions').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused: Paused by the requester')).toBeVisible();
  await expect(page.getByTestId('series-actions').getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.goto('/dashboard/series');
  await expect(page.getByTestId('series-row').filter({ hasText: title })).toContainText('paused');
});
