import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, postTaskInBrowser, signUpInBrowser } from './steps';

// Offers in a real browser (docs/tasks.md "Offers"): a requester posts a $20 task, a listed worker offers to do
// it for $15 with a message, and the requester accepts the offer on their task page: the task is the worker's at
// $15, and $5.75 of the $23.00 is refunded.

test('a worker makes an offer and the requester accepts it', async ({ page, browser, clientIp }) => {
  test.setTimeout(180_000);
  const workerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const workerPage = await workerContext.newPage();
  try {
    await signUpInBrowser(page, 'offer-requester');
    await addCardFromPayments(page);
    const title = `Water the plants ${Date.now()}`;
    const taskId = await postTaskInBrowser(page, title);

    const workerName = `Olga ${Date.now()}`;
    await becomeListedWorker(workerPage, workerName);
    await workerPage.goto(`/worker/tasks/${taskId}`);
    const form = workerPage.getByTestId('offer-form');
    await form.getByLabel('Your price (dollars)').fill('4');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(form).toContainText('Must be at least $5.00');
    await form.getByLabel('Your price (dollars)').fill('15');
    await form.getByLabel('Message (optional)').fill('I live next door and can do it tonight.');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(form).toContainText('Offer sent');

    await page.goto(`/dashboard/tasks/${taskId}`);
    const offer = page.getByTestId('offer-row').filter({ hasText: workerName });
    await expect(offer).toContainText('$15.00');
    await expect(offer).toContainText('I live next door');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByTestId('confirmation')).toContainText(
      `The task goes to ${workerName} at $15.00. New total $17.25 (was $23.00): $5.75 is refunded to your card.`,
    );
    await page.screenshot({ path: 'test-results/offers-confirm.png', fullPage: true });
    await page.getByRole('button', { name: 'Yes, accept at $15.00' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('accepted');
    await expect(page.getByText('Offer accepted: the task is the worker’s at $15.00.')).toBeVisible();

    await workerPage.reload();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
  } finally {
    await workerContext.close();
  }
});

// Above the budget: a $25 offer on the $20 task charges the card that paid $5.75 more before the task is the worker's.
test('the requester accepts an offer above the budget and the difference is charged', async ({
  page,
  browser,
  clientIp,
}) => {
  test.setTimeout(180_000);
  const workerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const workerPage = await workerContext.newPage();
  try {
    await signUpInBrowser(page, 'offer-above');
    await addCardFromPayments(page);
    const taskId = await postTaskInBrowser(page, `Carry the boxes ${Date.now()}`);

    const workerName = `Pia ${Date.now()}`;
    await becomeListedWorker(workerPage, workerName);
    await workerPage.goto(`/worker/tasks/${taskId}`);
    const form = workerPage.getByTestId('offer-form');
    await form.getByLabel('Your price (dollars)').fill('25');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(form).toContainText('Offer sent');

    await page.goto(`/dashboard/tasks/${taskId}`);
    const offer = page.getByTestId('offer-row').filter({ hasText: workerName });
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByTestId('confirmation')).toContainText(
      `The task goes to ${workerName} at $25.00. New total $28.75 (was $23.00): $5.75 more is charged to the card ` +
        'that paid for the task.',
    );
    await page.getByRole('button', { name: 'Yes, accept at $25.00' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('accepted');
    await expect(page.getByText('$28.75').first()).toBeVisible();
  } finally {
    await workerContext.close();
  }
});
