import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addCardFromPayments, signUpInBrowser } from './steps';

// Issue 36, point 3: Try it never spends money unasked. Signed in, a call that charges (x-moves-money) goes with a
// test key made for the tab by default; sent as yourself it first says what it charges and waits. The e2e site has
// no Stripe key, so the question says that no real money moves here.

const WIDTHS = [1280, 390] as const;

/** A verified requester with a card, on the Tasks reference with createTask's Try it open and a 20 dollar budget. */
async function openCreateTask(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const email = await signUpInBrowser(page, `try-it-${width}`);
  await addCardFromPayments(page);
  await page.goto('/docs/reference/tasks');
  const createTask = page.locator('#createTask');
  await createTask.getByText('Try it').click();
  await createTask
    .getByLabel('JSON body')
    .fill(JSON.stringify({ title: `Try it ${width} ${Date.now()}`, budgetCents: 2_000 }, null, 2));
  return { email, createTask };
}

/** Counts the POSTs to /v1/tasks the page sends from now on. */
function countTaskPosts(page: Page) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/tasks') sent.count += 1;
  });
  return sent;
}

for (const width of WIDTHS) {
  test(`at ${width} px, Try it creates a task with the tab's test key by default, asking nothing`, async ({ page }) => {
    const { createTask } = await openCreateTask(page, width);
    await expect(page.getByRole('radio', { name: 'A test key for this tab (no real money)' })).toBeChecked();
    await expect(createTask.getByTestId('try-it-mode')).toHaveText('Mode: test key: no real money moves');

    await createTask.getByRole('button', { name: 'Send POST' }).click();
    await expect(createTask.getByTestId('try-it-confirm')).toHaveCount(0);
    const result = createTask.getByTestId('try-it-result');
    await expect(result).toContainText('201 Created');
    await expect(result).toContainText('"livemode": false');
    await expect(result).toContainText('"status": "posted"');

    // The key is the person's own, named for what made it, and expires within the hour.
    await page.goto('/dashboard/keys');
    await expect(page.getByRole('main')).toContainText('Try it on /docs');
  });

  test(`at ${width} px, Try it as yourself shows the mode and asks before charging`, async ({ page }) => {
    const { email, createTask } = await openCreateTask(page, width);
    await page.getByRole('radio', { name: `You (${email})` }).check();
    await expect(createTask.getByTestId('try-it-mode')).toHaveText(
      'Mode: your session (this site is in test mode: no real money)',
    );
    const posts = countTaskPosts(page);

    await createTask.getByRole('button', { name: 'Send POST' }).click();
    const confirm = createTask.getByRole('alertdialog', { name: 'Confirm the request' });
    await expect(confirm).toContainText('This charges $23.00 to your card and posts to workers.');
    await expect(confirm).toContainText('This site is in test mode: the card is a test card and no real money moves.');
    await expect(confirm).toContainText('Mode: your session');
    // What was priced is what gets sent: the request is fixed while the question is open.
    await expect(createTask.getByLabel('JSON body')).not.toBeEditable();
    await confirm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`try-it-confirm-${width}.png`) });

    // Cancel sends nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(createTask.getByTestId('try-it-result')).toHaveCount(0);
    expect(posts.count).toBe(0);

    // A draft charges nothing, so it goes at once.
    const body = createTask.getByLabel('JSON body');
    const original = await body.inputValue();
    await body.fill(JSON.stringify({ ...JSON.parse(original), draft: true }));
    await createTask.getByRole('button', { name: 'Send POST' }).click();
    await expect(createTask.getByTestId('try-it-result')).toContainText('"status": "draft"');
    expect(posts.count).toBe(1);

    // Confirmed, it is sent as the person.
    await body.fill(original);
    await createTask.getByRole('button', { name: 'Send POST' }).click();
    await confirm.getByRole('button', { name: 'Yes, send POST' }).click();
    await expect(createTask.getByTestId('try-it-result')).toContainText('201 Created');
    await expect(createTask.getByTestId('try-it-result')).toContainText('"status": "posted"');
    expect(posts.count).toBe(2);
  });
}
