import { expect, test } from '../fixtures';
import {
  addCardFromPayments,
  becomeListedWorker,
  createAgentInBrowser,
  PHOTO,
  signInAsAdmin,
  signUpInBrowser,
} from './steps';

// Issue 21: a dispute as a resource. An agent's task is accepted by a worker, the worker opens a dispute on the
// task page, the agent (API) and the worker (with a photo) add evidence, an admin reads both sides on /admin and
// splits the escrow with a live preview, and both sides see the outcome; the worker's Earnings page shows their
// part. Bordeaux keeps this task off the Lyon maps of the other specs.

const BORDEAUX = { lat: 44.8378, lng: -0.5792, address: 'Cours de l’Intendance, Bordeaux' };

test('a disputed task: both sides give evidence, an admin splits it on /admin, both see the outcome', async ({
  page,
  browser,
  request,
  clientIp,
}) => {
  test.setTimeout(180_000);
  const headers = { extraHTTPHeaders: { 'x-forwarded-for': clientIp } };
  const workerContext = await browser.newContext(headers);
  const adminContext = await browser.newContext(headers);
  const workerPage = await workerContext.newPage();
  const adminPage = await adminContext.newPage();
  try {
    // The operator (browser) with a card and an agent; the worker listed in Bordeaux.
    await signUpInBrowser(page, 'dispute-operator');
    await addCardFromPayments(page);
    const asAgent = await createAgentInBrowser(page, 'Window checker');
    await becomeListedWorker(workerPage, `Dana ${Date.now()}`, 'Bordeaux');

    // The agent posts a $20.00 task ($23.00 with the fee); the worker accepts it and writes in the thread.
    const title = `Photograph the wine shop window ${Date.now()}`;
    const created = await request.post('/v1/tasks', {
      headers: asAgent,
      data: {
        title,
        category: 'photography',
        location: BORDEAUX,
        budgetCents: 2_000,
        deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        proofRequirements: ['photo'],
      },
    });
    expect(created.status()).toBe(201);
    const task = (await created.json()).data;
    await workerPage.goto(`/worker/tasks/${task.id}`);
    await workerPage.getByRole('button', { name: 'Accept task' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
    await workerPage.getByLabel('Message').fill('The shop was closed, I went twice.');
    await workerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(workerPage.getByTestId('thread-message')).toContainText(['The shop was closed, I went twice.']);

    // The worker opens a dispute from the task page.
    await workerPage.getByRole('button', { name: 'Open a dispute' }).click();
    await workerPage.getByLabel('Reason').fill('I went twice; the agent will not pay for the trips');
    await workerPage.getByLabel('Details (optional)').fill('Both visits were during opening hours.');
    await workerPage.getByRole('button', { name: 'Open dispute' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('disputed');
    await expect(workerPage.getByTestId('dispute-status')).toHaveText('open');

    // The agent finds it through the API and adds its side.
    const listed = await request.get('/v1/disputes?status=open', { headers: asAgent });
    expect(listed.status()).toBe(200);
    const dispute = (await listed.json()).data.find((each: { taskId: string }) => each.taskId === task.id);
    expect(dispute).toMatchObject({ openedBy: 'worker', status: 'open', resolution: null });
    const evidence = await request.post(`/v1/disputes/${dispute.id}/evidence`, {
      headers: asAgent,
      data: { text: 'No photo was ever submitted, and the shop is open every day.' },
    });
    expect(evidence.status()).toBe(201);

    // The worker adds a photo of the closed shop.
    await workerPage.reload();
    const panel = workerPage.getByTestId('dispute-panel');
    await expect(panel.getByTestId('dispute-evidence')).toContainText(['No photo was ever submitted']);
    await panel.getByLabel('Evidence').fill('The shutter was down at 11:00 on Tuesday.');
    await panel
      .getByLabel('Photos (optional)')
      .setInputFiles({ name: 'shut.png', mimeType: 'image/png', buffer: PHOTO });
    await panel.getByRole('button', { name: 'Add evidence' }).click();
    await expect(panel.getByTestId('dispute-evidence')).toHaveCount(2);
    await expect(panel.getByTestId('dispute-evidence').last()).toContainText('The shutter was down');
    await expect(panel.getByTestId('dispute-evidence-photo')).toHaveCount(1);

    // The admin finds it in the queue, reads both sides and splits: $12.00 to the worker.
    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin');
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Disputes' }).click();
    const row = adminPage.getByTestId('dispute-row').filter({ hasText: title });
    await expect(row).toContainText('$23.00');
    await row.getByRole('link', { name: title }).click();
    await expect(adminPage.getByTestId('thread-message')).toContainText(['The shop was closed, I went twice.']);
    const items = adminPage.getByTestId('dispute-evidence');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Requester');
    await expect(items.last()).toContainText('Worker');
    await expect(adminPage.getByTestId('dispute-evidence-photo')).toHaveCount(1);
    await expect
      .poll(() =>
        adminPage
          .getByTestId('dispute-evidence-photo')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(1);

    await adminPage.getByLabel('Split').check();
    await adminPage.getByLabel('Worker gets (USD)').fill('12');
    const preview = adminPage.getByTestId('dispute-preview');
    await expect(preview.getByTestId('preview-worker')).toHaveText('$12.00');
    await expect(preview.getByTestId('preview-fee')).toHaveText('$1.80');
    await expect(preview.getByTestId('preview-refund')).toHaveText('$9.20');
    await adminPage.getByLabel('Note').fill('One trip was made in opening hours; half the work is paid.');
    await adminPage.getByRole('button', { name: 'Resolve dispute' }).click();
    await adminPage.getByRole('button', { name: 'Yes, resolve' }).click();
    await expect(adminPage.getByTestId('dispute-status')).toHaveText('resolved');
    await expect(adminPage.getByTestId('dispute-outcome')).toContainText('$12.00');

    // Both sides see the outcome: the worker on the task page and on their Earnings page, the agent by API, the
    // operator on the dashboard.
    await workerPage.reload();
    await expect(workerPage.getByTestId('task-status')).toHaveText('resolved');
    await expect(workerPage.getByTestId('dispute-outcome')).toContainText(
      'Split: you received $12.00, $9.20 was refunded to the requester.',
    );
    // The price box says the same: the worker's part only, never the budget they no longer earn.
    await expect(workerPage.getByTestId('price-state')).toHaveText('You were paid $12.00');
    await expect(workerPage.getByTestId('task-paid')).toContainText('Resolved: $12.00 was paid to you.');
    await workerPage.goto('/worker/earnings');
    await expect(workerPage.getByTestId('earning-row').filter({ hasText: title })).toContainText('$12.00');

    const read = await request.get(`/v1/disputes/${dispute.id}`, { headers: asAgent });
    expect((await read.json()).data).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'split', workerCents: 1_200, refundCents: 920 },
    });
    await page.goto(`/dashboard/tasks/${task.id}`);
    await expect(page.getByTestId('dispute-outcome')).toContainText('$9.20 was refunded to you');
    await expect(page.getByTestId('price-state')).toHaveText(/^Paid \$12\.00 to Dana \d+, \$9\.20 refunded$/);
    await page.goto('/dashboard/payments');
    await expect(page.getByTestId('payment-history').getByTestId('movement-label')).toContainText([
      'Card charged — paid $12.00 to the worker, $9.20 refunded',
    ]);
  } finally {
    await workerContext.close();
    await adminContext.close();
  }
});
