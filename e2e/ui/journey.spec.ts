import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, fillTask, PHOTO, signUpInBrowser } from './steps';

// Issue 18's whole journey without the API: a new requester signs up and the header shows their account; they post
// a task from the dashboard with the place picker and their card; a worker sees it on the map and in the list and
// accepts; the requester sees the worker's card, approves after a confirmation that names the pay, and both are
// asked for a review.

test('sign up, post from the dashboard, a worker accepts, approve after confirming, both asked to review', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await signUpInBrowser(page, 'journey');
  await expect(page.getByRole('banner').getByTestId('header-account')).toHaveText(`Signed in as ${email}`);
  await addCardFromPayments(page);

  const workerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const workerPage = await workerContext.newPage();
  try {
    const workerName = `Dana ${Date.now()}`;
    await becomeListedWorker(workerPage, workerName);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'New task' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/tasks\/new$/);
    await fillTask(page);
    const title = `Photograph the bakery front ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Pay $23.00 and post' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('posted');
    const taskUrl = page.url();

    // The worker finds it on the map of tasks near them and in the list, and accepts.
    await workerPage.goto('/worker/tasks');
    await expect(workerPage.getByTestId('task-map')).toContainText(title);
    const listed = workerPage.getByTestId('open-task').filter({ hasText: title });
    await expect(listed).toHaveCount(1);
    await listed.getByRole('link', { name: title }).click();
    await workerPage.getByRole('button', { name: 'Accept task' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');

    // The requester sees who accepted.
    await page.goto(taskUrl);
    await expect(page.getByTestId('worker-card').getByTestId('worker-name')).toHaveText(workerName);

    // The worker submits the photo the task requires.
    await workerPage.getByLabel('Photos').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PHOTO });
    await workerPage.getByLabel('Note').fill('Both doors, from across the street.');
    await workerPage.getByRole('button', { name: 'Submit proof' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

    // Approving asks first, naming the pay and the worker; nothing moves until "Yes".
    await page.reload();
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(page.getByTestId('approve-form').getByTestId('confirmation')).toContainText(
      `Pays $20.00 to ${workerName} and completes the task; this cannot be undone.`,
    );
    await expect(page.getByTestId('task-status')).toHaveText('submitted');
    await page.getByRole('button', { name: 'Yes, pay $20.00' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('completed');

    // Both sides are asked for a review.
    await page.reload();
    await expect(page.getByTestId('review-panel')).toContainText(`How was it working with ${workerName}?`);
    await workerPage.reload();
    await expect(workerPage.getByTestId('review-panel')).toBeVisible();
  } finally {
    await workerContext.close();
  }
});
