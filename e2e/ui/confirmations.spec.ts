import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { becomeListedWorker, enterTestCard, PHOTO, signUpInBrowser } from './steps';

// Issue 18, point 3: nothing that moves money happens on one click. Each money-moving button opens a
// confirmation saying what will happen; Cancel in it leaves the task and the money as they were, the confirming
// button moves it. A proof without the photo the task requires is refused in the page, next to the field.

/** A requester with a card and an agent; returns the agent's key. */
async function requesterWithAgent(page: Page): Promise<string> {
  await signUpInBrowser(page, 'confirm-requester');
  await page.goto('/dashboard/payments');
  await page.getByRole('button', { name: 'Add card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-on-file')).toContainText('4242');
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Careful agent');
  await page.getByRole('button', { name: 'Create agent' }).click();
  return (await page.getByTestId('new-key').textContent()) ?? '';
}

/** A $20.00 photo task near Lyon ($23.00 with the fee), posted by the agent on its operator's card. */
async function postPhotoTask(request: APIRequestContext, agentKey: string, title: string): Promise<string> {
  const created = await request.post('/v1/tasks', {
    headers: { authorization: `Bearer ${agentKey}` },
    data: {
      title,
      category: 'photography',
      location: { lat: 45.7605, lng: 4.8412, address: 'Rue de la République, Lyon' },
      budgetCents: 2_000,
      proofRequirements: ['photo'],
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id;
}

async function statusOf(request: APIRequestContext, agentKey: string, taskId: string): Promise<string> {
  const res = await request.get(`/v1/tasks/${taskId}`, { headers: { authorization: `Bearer ${agentKey}` } });
  return (await res.json()).data.status;
}

test('cancel, approve and revision each confirm first; a proof without the required photo is refused in the page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  try {
    await becomeListedWorker(workerPage);
    const agentKey = await requesterWithAgent(page);

    // Cancel: the confirmation names the refund; its Cancel leaves the task posted and nothing refunded.
    const cancelled = await postPhotoTask(request, agentKey, `Cancel me ${Date.now()}`);
    await page.goto(`/dashboard/tasks/${cancelled}`);
    await page.getByRole('button', { name: 'Cancel task' }).click();
    const cancelForm = page.getByTestId('cancel-form');
    await expect(cancelForm.getByTestId('confirmation')).toContainText(
      'Cancels the task and refunds $23.00 to your card; this cannot be undone.',
    );
    await cancelForm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(cancelForm.getByTestId('confirmation')).toHaveCount(0);
    expect(await statusOf(request, agentKey, cancelled)).toBe('posted');
    await page.goto('/dashboard/payments');
    await expect(page.getByTestId('payment-history')).not.toContainText('refund');

    // Confirmed, the escrow is refunded and the page says so.
    await page.goto(`/dashboard/tasks/${cancelled}`);
    await page.getByRole('button', { name: 'Cancel task' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the task' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('cancelled');
    await expect(page.getByTestId('done-notice')).toHaveText('Cancelled: $23.00 is refunded to your card.');
    await page.goto('/dashboard/payments');
    await expect(page.getByTestId('payment-history')).toContainText('refund');

    // The worker accepts a second task; proof without its required photo is refused before it is sent.
    const approved = await postPhotoTask(request, agentKey, `Approve me ${Date.now()}`);
    await workerPage.goto(`/worker/tasks/${approved}`);
    await workerPage.getByRole('button', { name: 'Accept task' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
    const proofForm = workerPage.getByTestId('proof-form');
    await proofForm.getByLabel('Note').fill('Here is the window.');
    await proofForm.getByRole('button', { name: 'Submit proof' }).click();
    await expect(proofForm.getByText('This task requires at least one photo')).toBeVisible();
    expect(await statusOf(request, agentKey, approved)).toBe('accepted');
    await proofForm.getByLabel('Photos').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: PHOTO });
    await proofForm.getByRole('button', { name: 'Submit proof' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

    // Request revision asks for a reason, in the confirmation.
    await page.goto(`/dashboard/tasks/${approved}`);
    await expect(page.getByTestId('task-status')).toHaveText('submitted');
    await page.getByRole('button', { name: 'Request revision' }).click();
    const revision = page.getByTestId('revision-form');
    await expect(revision.getByTestId('confirmation')).toContainText('the money stays in escrow');
    await revision.getByRole('button', { name: 'Send back for revision' }).click();
    expect(await statusOf(request, agentKey, approved)).toBe('submitted');
    await revision.getByLabel('What should change?').fill('The window is cut off on the left.');
    await revision.getByRole('button', { name: 'Send back for revision' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('accepted');
    await expect(page.getByTestId('done-notice')).toHaveText('Sent back to the worker with your reason.');

    await workerPage.reload();
    await workerPage.getByTestId('proof-form').getByLabel('Photos').setInputFiles({
      name: 'window.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await workerPage.getByTestId('proof-form').getByRole('button', { name: 'Submit proof' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

    // Approve: the confirmation names the pay; its Cancel pays nothing.
    await page.goto(`/dashboard/tasks/${approved}`);
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    const approve = page.getByTestId('approve-form');
    await expect(approve.getByTestId('confirmation')).toContainText(
      /Pays \$20\.00 to Tess \d+ and completes the task; this cannot be undone\./,
    );
    await approve.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await statusOf(request, agentKey, approved)).toBe('submitted');
    await workerPage.goto('/dashboard/payments');
    await expect(workerPage.getByText('No payments yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await page.getByRole('button', { name: 'Yes, pay $20.00' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('completed');
    await expect(page.getByTestId('done-notice')).toHaveText('Approved: $20.00 is paid to the worker.');
    await workerPage.reload();
    await expect(workerPage.getByTestId('payment-history')).toContainText('Paid to you');
  } finally {
    await workerContext.close();
  }
});

test('rotating an agent’s keys and deleting a webhook confirm first, and add no width on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const agentKey = await requesterWithAgent(page);
  const asAgent = { authorization: `Bearer ${agentKey}` };
  await page.getByRole('link', { name: 'Careful agent' }).first().click();
  // The confirmation adds no horizontal scroll of its own at 390 px (the page's own width is point 7's).
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  const before = await scrollWidth();
  await page.getByRole('button', { name: 'Rotate keys' }).click();
  await expect(page.getByTestId('rotate-keys').getByTestId('confirmation')).toContainText(
    'Its current keys stop working at once',
  );
  expect(await scrollWidth()).toBeLessThanOrEqual(Math.max(before, 390));
  await page.getByTestId('rotate-keys').getByRole('button', { name: 'Cancel', exact: true }).click();
  expect((await request.get('/v1/tasks', { headers: asAgent })).status()).toBe(200);
  await page.getByRole('button', { name: 'Rotate keys' }).click();
  await page.getByRole('button', { name: 'Yes, rotate' }).click();
  await expect(page.getByTestId('rotate-keys').getByTestId('new-key')).toBeVisible();
  expect((await request.get('/v1/tasks', { headers: asAgent })).status()).toBe(401);

  await page.goto('/dashboard/webhooks');
  await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks/legwork');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('new-key')).toBeVisible();
  await page.goto('/dashboard/webhooks');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('delete-webhook').getByTestId('confirmation')).toContainText(
    'http://127.0.0.1:9/hooks/legwork',
  );
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('done-notice')).toHaveText('The endpoint is deleted: no more events are sent to it.');
});
