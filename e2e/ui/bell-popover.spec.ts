import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { acceptAndSubmit, addCardFromPayments, becomeListedWorker, postTaskInBrowser, signUpInBrowser } from './steps';

// Issue 36, point 9: the bell opens a popover of the latest notifications, with "See all"; a notification whose
// action is done says so. A requester's task is accepted and its proof submitted, so their bell holds "finished …"
// (review the proof); once they approve, that one reads Done. At 1280 and 390 px the popover fits, opens with focus
// inside, and Escape closes it back onto the bell.

const bellOf = (page: Page) => page.getByRole('banner').getByTestId('notification-bell');
const popoverOf = (page: Page) => page.getByRole('banner').getByTestId('notification-popover');

async function openWithKeyboard(page: Page) {
  await bellOf(page).focus();
  await page.keyboard.press('Enter');
  await expect(bellOf(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(popoverOf(page)).toBeVisible();
  // Focus went into the popover, on its first notification.
  await expect(popoverOf(page).getByTestId('notification').first().getByRole('link')).toBeFocused();
}

test('the bell opens a popover of the latest notifications; a reviewed proof reads Done', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signUpInBrowser(page, 'bell-requester');
  await addCardFromPayments(page);
  const workerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const workerPage = await workerContext.newPage();
  try {
    const workerName = `Dana ${Date.now()}`;
    await becomeListedWorker(workerPage, workerName);
    const title = `Photograph the bakery front ${Date.now()}`;
    const taskId = await postTaskInBrowser(page, title);
    await acceptAndSubmit(workerPage, taskId, { note: 'Both doors, from across the street.', photo: true });

    await page.goto('/dashboard');
    await expect(bellOf(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(popoverOf(page)).toBeHidden();
    const finished = popoverOf(page)
      .getByTestId('notification')
      .filter({ hasText: `${workerName} finished` });

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await openWithKeyboard(page);
      await expect(finished).toContainText('Look at the proof');
      await expect(finished.getByTestId('notification-done')).toHaveCount(0);
      await expect(popoverOf(page).getByTestId('notification').filter({ hasText: `accepted` })).toHaveCount(1);
      await expect(popoverOf(page).getByRole('link', { name: 'See all' })).toBeVisible();
      const box = await popoverOf(page).boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`bell-popover-${width}.png`) });

      await page.keyboard.press('Escape');
      await expect(popoverOf(page)).toBeHidden();
      await expect(bellOf(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(bellOf(page)).toBeFocused();

      // A click elsewhere closes it too.
      await bellOf(page).click();
      await expect(popoverOf(page)).toBeVisible();
      await page.mouse.click(3, (width === 390 ? 844 : 800) - 10);
      await expect(popoverOf(page)).toBeHidden();
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Approving is the action "finished …" asked for: the notification is done, and read.
    await page.goto(`/dashboard/tasks/${taskId}`);
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await page.getByRole('button', { name: 'Yes, pay $20.00' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('completed');
    await bellOf(page).click();
    await expect(finished.getByTestId('notification-done')).toHaveText('Done');
    await expect(finished.getByText('(unread)')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('bell-popover-done-1280.png') });

    await popoverOf(page).getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(popoverOf(page)).toBeHidden();
    await expect(
      page
        .getByTestId('notifications')
        .getByTestId('notification')
        .filter({ hasText: `${workerName} finished` }),
    ).toContainText('Done');
  } finally {
    await workerContext.close();
  }
});
