import { expect, test } from '../fixtures';
import { acceptAndSubmit, becomeListedWorker, operatorWithAgent } from './steps';

// Tips (docs/payments.md, "Tips"): an agent's task is completed, its operator reviews the worker and, in the card
// under the review prompt, adds a tip with a confirmation naming the amount and the worker. The worker sees it on
// the task page and on Earnings. Both pages are photographed.

test('review a completed task, add a tip, see it confirmed on both sides', async ({ page, request, workerPage }) => {
  test.setTimeout(180_000);
  const asAgent = await operatorWithAgent(page, 'tips-operator', 'Tipping agent');
  const workerName = `Dana ${Date.now()}`;
  await becomeListedWorker(workerPage, workerName);

  const title = `Water the balcony plants ${Date.now()}`;
  const created = await request.post('/v1/tasks', {
    headers: asAgent,
    data: { title, budgetCents: 2_000, proofRequirements: ['text'] },
  });
  expect(created.status()).toBe(201);
  const taskId = (await created.json()).data.id as string;
  await acceptAndSubmit(workerPage, taskId);

  await page.goto(`/dashboard/tasks/${taskId}`);
  await page.getByRole('button', { name: 'Approve and pay' }).click();
  await page
    .getByTestId('task-actions')
    .getByRole('button', { name: /yes, pay/i })
    .click();
  await expect(page.getByTestId('task-status')).toHaveText('completed');

  // The review prompt, and under it the tip.
  const review = page.getByTestId('review-panel');
  await review.getByText('★★★★★', { exact: true }).click();
  await review.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByTestId('review-sent')).toBeVisible();

  const tip = page.getByTestId('tip-panel');
  await expect(tip).toContainText(`Add a tip for ${workerName}`);
  await tip.getByText('$2.00', { exact: true }).click();
  await tip.getByTestId('tip-custom').fill('3.50');
  await tip.getByRole('button', { name: 'Add a $3.50 tip' }).click();
  const confirmation = tip.getByTestId('confirmation');
  await expect(confirmation).toContainText(`Charges $3.50 to your card and pays all of it to ${workerName}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await tip.screenshot({ path: test.info().outputPath('tip-confirm.png') });
  await confirmation.getByRole('button', { name: 'Yes, tip $3.50' }).click();
  await expect(tip).toContainText(`Thanks: your $3.50 tip is on its way to ${workerName}.`);
  await expect(tip.getByTestId('tip-line')).toHaveText([/You tipped \$3\.50/]);
  await expect(tip).toContainText('up to $16.50 more');
  await tip.screenshot({ path: test.info().outputPath('tip-done.png') });

  // It stays after a reload, and shows in the operator's payment history.
  await page.reload();
  await expect(page.getByTestId('tip-line')).toHaveCount(1);
  await page.goto('/dashboard/payments');
  await expect(page.getByTestId('payment-history')).toContainText('Tip to the worker');

  // The worker is told, and sees the tip on the task and on Earnings.
  await workerPage.goto(`/worker/tasks/${taskId}`);
  await expect(workerPage.getByTestId('tip-received')).toHaveText('Tipped $3.50: all of it is yours.');
  await workerPage.goto('/worker/earnings');
  await expect(workerPage.getByTestId('tip-row')).toContainText([title]);
  await expect(workerPage.getByTestId('tips-table')).toContainText('$3.50');
  await workerPage.getByTestId('tips-table').screenshot({ path: test.info().outputPath('worker-tips.png') });
});
