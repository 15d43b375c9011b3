import { expect, test } from '../fixtures';
import { becomeListedWorker, enterTestCard, signUpInBrowser } from './steps';

// Issue 39: cancelling a task a worker accepted says the amounts before anything moves, and the worker keeps the
// late-cancel fee. The e2e server runs with CANCEL_FREE_MINUTES=0, so every such cancel is late.

test('a late cancel names the refund and the worker’s fee, then pays both', async ({ page, workerPage, request }) => {
  test.setTimeout(120_000);
  const workerName = `Dana ${Date.now()}`;
  await becomeListedWorker(workerPage, workerName);

  await signUpInBrowser(page, 'late-cancel');
  await page.goto('/dashboard/payments');
  await page.getByRole('button', { name: 'Add card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-on-file')).toContainText('4242');
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Errand agent');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const agentKey = (await page.getByTestId('new-key').textContent()) ?? '';

  // A $26.00 task ($29.90 charged): the fee is 25% of the budget, $6.50.
  const created = await request.post('/v1/tasks', {
    headers: { authorization: `Bearer ${agentKey}` },
    data: { title: `Check the shutters ${Date.now()}`, budgetCents: 2_600, proofRequirements: ['text'] },
  });
  expect(created.status()).toBe(201);
  const taskId = (await created.json()).data.id;
  await workerPage.goto(`/worker/tasks/${taskId}`);
  await workerPage.getByRole('button', { name: 'Accept task' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');

  await page.goto(`/dashboard/tasks/${taskId}`);
  await page.getByRole('button', { name: 'Cancel task' }).click();
  const confirmation = page.getByTestId('cancel-form').getByTestId('confirmation');
  await expect(confirmation).toContainText(
    `You will get $23.40 back on your card; ${workerName} gets $6.50 for the trip. This cannot be undone.`,
  );
  await page.screenshot({ path: test.info().outputPath('late-cancel-confirmation.png'), fullPage: true });
  await page.getByRole('button', { name: 'Yes, cancel the task' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('cancelled');
  await expect(page.getByTestId('done-notice')).toHaveText(
    'Cancelled: $23.40 is refunded to your card; the worker got $6.50 for the trip.',
  );

  // The worker was paid the fee, and told why.
  await workerPage.reload();
  await expect(workerPage.getByTestId('task-status')).toHaveText('cancelled');
  await expect(workerPage.getByText('You were paid $6.50')).toBeVisible();
  const task = await request.get(`/v1/tasks/${taskId}`, { headers: { authorization: `Bearer ${agentKey}` } });
  expect((await task.json()).data).toMatchObject({ status: 'cancelled', cancellationFeeCents: 650 });
});
