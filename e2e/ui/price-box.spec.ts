import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, createAgentInBrowser, signUpInBrowser } from './steps';

// Issue 36, point 2: the price box of a task page follows the task's state and its reader. An agent's $25.00
// tasks ($28.75 charged) are driven through the API into draft, posted, completed and cancelled; the operator
// reads each on the dashboard, the worker the posted and the completed one. Every box is photographed at 1280
// and 390 px and must fit the narrow screen.

/** The price card (the box and its title) at both widths: a screenshot each, and nothing past 390 px. */
async function photograph(page: Page, name: string) {
  const card = page.getByTestId('task-price').locator('xpath=..');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await card.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
    if (width === 390) expect(await card.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function postTask(request: APIRequestContext, headers: Record<string, string>, title: string, draft = false) {
  const created = await request.post('/v1/tasks', {
    headers,
    data: { title, budgetCents: 2_500, proofRequirements: ['text'], ...(draft ? { draft: true } : {}) },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id as string;
}

test('the price box says what the money does now, for the requester and for the worker', async ({
  page,
  request,
  workerPage,
}) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'price-operator');
  await addCardFromPayments(page);
  const asAgent = await createAgentInBrowser(page, 'Price reader');
  const dana = `Dana ${Date.now()}`;
  await becomeListedWorker(workerPage, dana);
  const state = (on: Page) => on.getByTestId('price-state');

  // A draft: nothing is charged yet, so the box says what publishing will charge.
  const draft = await postTask(request, asAgent, `Price draft ${Date.now()}`, true);
  await page.goto(`/dashboard/tasks/${draft}`);
  await expect(state(page)).toHaveText('Will charge $28.75');
  await expect(page.getByTestId('task-price')).not.toContainText('Total charged');
  await photograph(page, 'requester-draft');

  // Posted: the charge sits in escrow; a worker browsing it reads only their pay.
  const posted = await postTask(request, asAgent, `Price posted ${Date.now()}`);
  await page.goto(`/dashboard/tasks/${posted}`);
  await expect(state(page)).toHaveText('$28.75 held in escrow');
  await expect(page.getByTestId('task-price')).not.toContainText('until you approve');
  await photograph(page, 'requester-posted');
  await workerPage.goto(`/worker/tasks/${posted}`);
  await expect(state(workerPage)).toHaveText('You earn $25.00');
  await expect(workerPage.getByTestId('task-price')).not.toContainText('$3.75');
  await photograph(workerPage, 'worker-posted');

  // Completed: the worker accepts and submits, the agent approves; both sides read what was paid.
  const done = await postTask(request, asAgent, `Price completed ${Date.now()}`);
  await workerPage.goto(`/worker/tasks/${done}`);
  await workerPage.getByRole('button', { name: 'Accept task' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
  await expect(state(workerPage)).toHaveText('You earn $25.00');
  await workerPage.getByTestId('proof-form').getByLabel('Note').fill('Done, both photos taken.');
  await workerPage.getByTestId('proof-form').getByRole('button', { name: 'Submit proof' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');
  expect((await request.post(`/v1/tasks/${done}/approve`, { headers: asAgent })).status()).toBe(200);
  await page.goto(`/dashboard/tasks/${done}`);
  await expect(page.getByTestId('task-status')).toHaveText('completed');
  await expect(state(page)).toHaveText(`Paid $25.00 to ${dana}`);
  await expect(page.getByTestId('task-price')).not.toContainText('escrow');
  await photograph(page, 'requester-completed');
  await workerPage.reload();
  await expect(state(workerPage)).toHaveText('You were paid $25.00');
  await expect(workerPage.getByTestId('task-paid')).toContainText('Approved: $25.00 was paid to you.');
  await photograph(workerPage, 'worker-completed');

  // Cancelled: the escrow went back to the card.
  const cancelled = await postTask(request, asAgent, `Price cancelled ${Date.now()}`);
  expect((await request.post(`/v1/tasks/${cancelled}/cancel`, { headers: asAgent })).status()).toBe(200);
  await page.goto(`/dashboard/tasks/${cancelled}`);
  await expect(page.getByTestId('task-status')).toHaveText('cancelled');
  await expect(state(page)).toHaveText('Refunded $28.75');
  await photograph(page, 'requester-cancelled');

  // The payment history names the same outcomes.
  await page.goto('/dashboard/payments');
  const labels = page.getByTestId('payment-history').getByTestId('movement-label');
  await expect(labels).toContainText([
    'Refunded to you',
    'Card charged — refunded $28.75',
    'Card charged — paid $25.00 to the worker',
    'Card charged — held in escrow',
  ]);
  // A requester who never set up payouts has no payout card.
  await expect(page.getByTestId('payout-status')).toHaveCount(0);
});
