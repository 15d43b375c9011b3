import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, inDays, signUpInBrowser } from './steps';

// Issue 20: notifications that reach people. A worker listed in Porto hears of a task posted there ("new task
// near you", from the background job, within the minute); once they accept and write in the thread, the
// requester's bell counts it, and the notifications page (the bell's "See all") marks it read.

/** The header's bell: its unread count, or 0 when it shows none. */
async function unreadCount(page: Page) {
  const badge = page.getByTestId('notification-bell').getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

test('a worker hears of a task near them; the requester’s bell counts the worker’s message', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'notify-requester');
  await addCardFromPayments(page);
  const workerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const workerPage = await workerContext.newPage();
  try {
    const workerName = `Rui ${Date.now()}`;
    await becomeListedWorker(workerPage, workerName, 'Porto');
    await expect(workerPage.getByTestId('notification-bell')).toBeVisible();
    expect(await unreadCount(workerPage)).toBe(0);

    // The requester posts a task in Porto from the dashboard.
    const title = `Photograph the tiles on Rua das Flores ${Date.now()}`;
    await page.goto('/dashboard/tasks/new');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('photography');
    await page.getByRole('combobox', { name: 'Place (city)' }).fill('porto');
    // Porto, PT: the first of GeoNames' four places named Porto, as the worker picked.
    await page.getByRole('option', { name: /^Porto, PT$/ }).click();
    await page.getByLabel(/^Budget/).fill('30');
    await page.getByLabel('Deadline').fill(inDays(2));
    await page.getByRole('button', { name: 'Pay $34.50 and post' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('posted');
    const taskUrl = page.url();

    // Within the minute the worker's bell shows it, and the notifications page names it.
    await expect(async () => {
      await workerPage.reload();
      expect(await unreadCount(workerPage)).toBeGreaterThanOrEqual(1);
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    await workerPage.getByTestId('notification-bell').click();
    await workerPage.getByTestId('notification-popover').getByRole('link', { name: 'See all' }).click();
    await expect(workerPage).toHaveURL(/\/notifications$/);
    const nearby = workerPage.getByTestId('notifications').getByTestId('notification').filter({ hasText: title });
    await expect(nearby).toContainText('New task near you');
    await expect(nearby).toContainText('$30.00');
    await nearby.getByRole('link').first().click();
    await workerPage.getByRole('button', { name: 'Accept task' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');

    // The requester heard of the acceptance; the worker's message counts one more.
    await page.goto(taskUrl);
    const before = await unreadCount(page);
    expect(before).toBeGreaterThanOrEqual(1);
    await workerPage.getByLabel('Message').fill('On my way, there in 20 minutes.');
    await workerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(workerPage.getByTestId('thread-message')).toContainText(['On my way, there in 20 minutes.']);
    await page.reload();
    expect(await unreadCount(page)).toBe(before + 1);

    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-popover').getByRole('link', { name: 'See all' }).click();
    const message = page.getByTestId('notifications').getByTestId('notification').filter({ hasText: 'On my way' });
    await expect(message).toContainText(workerName);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByTestId('notification-bell').getByTestId('notification-count')).toHaveCount(0);
  } finally {
    await workerContext.close();
  }
});
