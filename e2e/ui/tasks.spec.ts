import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, PHOTO, signUpInBrowser } from './steps';

// The core loop in a real browser (issue 6): an agent posts a funded task through the API, a listed worker
// accepts it in the browser, they talk (the agent through the long poll), the worker submits proof with a
// photo, the operator approves on the dashboard, the worker is paid, and the agent's webhook endpoint (a local
// receiver: the server runs with WEBHOOKS_ALLOW_PRIVATE_URLS=1) hears about it.

/** A loopback receiver that keeps every webhook it gets. */
async function startReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

test('agent posts a funded task, a worker accepts, they talk, proof with a photo, the operator approves, the worker is paid', async ({
  page,
  browser,
  request,
  clientIp,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  const workerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const workerPage = await workerContext.newPage();
  try {
    // The operator (browser): a card on file and an agent whose key is shown once.
    await signUpInBrowser(page, 'task-operator');
    await addCardFromPayments(page);
    await page.goto('/dashboard/agents');
    await page.getByLabel('Agent name').fill('Shelf scout');
    await page.getByRole('button', { name: 'Create agent' }).click();
    const agentKey = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(agentKey).toMatch(/^lgw_/);
    const asAgent = { authorization: `Bearer ${agentKey}` };

    // The worker (second browser): onboarded and listed in Lyon.
    await becomeListedWorker(workerPage);

    // The agent (API): a webhook endpoint on the local receiver, then a task near Lyon on its operator's card.
    const hook = await request.post('/v1/webhooks', {
      headers: asAgent,
      data: { url: receiver.url, description: 'e2e receiver' },
    });
    expect(hook.status()).toBe(201);
    const secret: string = (await hook.json()).data.secret;
    const title = `Photograph the bakery window ${Date.now()}`;
    const created = await request.post('/v1/tasks', {
      headers: asAgent,
      data: {
        title,
        description: 'One photo of the window display, from across the street.',
        category: 'photography',
        location: { lat: 45.7605, lng: 4.8412, address: 'Rue de la République, Lyon' },
        budgetCents: 2_000,
        deadline: new Date(Date.now() + 2 * 24 * 3_600_000).toISOString(),
        requiredSkills: ['photography'],
        proofRequirements: ['photo'],
        instructions: 'Say hi to Camille at the counter.',
      },
    });
    expect(created.status()).toBe(201);
    const task = (await created.json()).data;
    expect(task).toMatchObject({ status: 'posted', totalCents: 2_300, fundingSource: 'card' });

    // The worker finds it near them and accepts; the private instructions appear.
    await workerPage.goto('/worker');
    await workerPage.getByRole('link', { name: 'Tasks near you' }).click();
    const listed = workerPage.getByTestId('open-task').filter({ hasText: title });
    await expect(listed).toContainText('your skills: photography');
    await expect(listed).toContainText(/\d+(\.\d)? (m|km) away/);
    await listed.getByRole('link', { name: title }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('posted');
    await expect(workerPage.getByTestId('task-instructions')).toHaveCount(0);
    await workerPage.getByRole('button', { name: 'Accept task' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
    await expect(workerPage.getByTestId('task-instructions')).toContainText('Say hi to Camille');

    // The agent waits on the thread; the worker writes; the long poll answers with it.
    const waiting = request.get(`/v1/tasks/${task.id}/messages/await?timeoutSec=30`, { headers: asAgent });
    await workerPage.waitForTimeout(1_000);
    await workerPage.getByLabel('Message').fill('On my way, there in 10 minutes.');
    await workerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(workerPage.getByTestId('thread-message')).toContainText(['On my way, there in 10 minutes.']);
    const awaited = await waiting;
    expect(awaited.status()).toBe(200);
    const [message] = (await awaited.json()).data;
    expect(message).toMatchObject({ body: 'On my way, there in 10 minutes.', senderSide: 'worker' });

    // The agent answers; the worker's open page shows it without a reload.
    const answer = await request.post(`/v1/tasks/${task.id}/messages`, {
      headers: asAgent,
      data: { body: 'Great, thanks! Include the price tags if you can.' },
    });
    expect(answer.status()).toBe(201);
    await expect(workerPage.getByTestId('thread-message').last()).toContainText('Include the price tags', {
      timeout: 15_000,
    });

    // The operator opens the task from the dashboard while it is in progress.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
    const row = page.getByTestId('task-row').filter({ hasText: title });
    await expect(row).toContainText('accepted');
    await expect(row).toContainText('Shelf scout');
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByTestId('task-status')).toHaveText('accepted');
    await expect(page.getByTestId('task-price')).toContainText('$23.00');
    await expect(page.getByTestId('thread-message')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Approve and pay' })).toHaveCount(0);

    // Proof with a photo.
    await workerPage.getByLabel('Photos').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: PHOTO });
    await workerPage.getByLabel('Note').fill('Window photographed, price tags visible.');
    await workerPage.getByRole('button', { name: 'Submit proof' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

    // The operator's open page picks the submission up by itself, and they approve.
    await expect(page.getByTestId('task-status')).toHaveText('submitted', { timeout: 25_000 });
    await expect(page.getByTestId('proof-note')).toHaveText('Window photographed, price tags visible.');
    const photo = page.getByTestId('proof-photo');
    await expect(photo).toHaveCount(1);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(page.getByTestId('timeline-entry')).toHaveCount(4);
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(page.getByTestId('confirmation')).toContainText(/Pays \$20\.00 to Tess \d+/);
    await page.getByRole('button', { name: 'Yes, pay $20.00' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('completed');
    await expect(page.getByTestId('done-notice')).toContainText('Approved: $20.00 is paid to the worker.');
    await expect(page.getByTestId('task-actions')).toHaveCount(0);
    await expect(page.getByTestId('timeline-entry').last()).toContainText('completed');

    // The worker sees the task completed and the pay on their own Earnings page (not the requester's Payments).
    await workerPage.reload();
    await expect(workerPage.getByTestId('task-status')).toHaveText('completed');
    await workerPage.getByRole('link', { name: 'See your earnings' }).click();
    await expect(workerPage).toHaveURL(/\/worker\/earnings$/);
    // The budget they earned, not the requester's total.
    await expect(workerPage.getByTestId('earning-row').filter({ hasText: title })).toContainText('$20.00');

    // The agent's endpoint got the accept, the worker's message and the completion, signed.
    const verifier = new Webhook(secret);
    const types = () =>
      receiver.received.map((delivery) => (verifier.verify(delivery.body, delivery.headers) as { type: string }).type);
    await expect
      .poll(types, { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['task.accepted', 'task.message.created', 'task.completed']));
    const payloads = receiver.received.map(
      (delivery) => verifier.verify(delivery.body, delivery.headers) as { type: string; data: Record<string, unknown> },
    );
    const messageEvent = payloads.find((payload) => payload.type === 'task.message.created');
    expect(messageEvent?.data).toMatchObject({ message: { body: 'On my way, there in 10 minutes.' } });
    // Its own answer is never delivered back to the agent.
    expect(payloads.filter((payload) => payload.type === 'task.message.created')).toHaveLength(1);
  } finally {
    await workerContext.close();
    receiver.server.close();
  }
});

test('the operator cancels a posted task on the dashboard; a stale second tab gets the refusal as an error line', async ({
  page,
  context,
  request,
}) => {
  await signUpInBrowser(page, 'task-cancel');
  await addCardFromPayments(page);
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Canceller');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const agentKey = (await page.getByTestId('new-key').textContent()) ?? '';
  const title = `Remote survey ${Date.now()}`;
  const created = await request.post('/v1/tasks', {
    headers: { authorization: `Bearer ${agentKey}` },
    data: { title, budgetCents: 500, proofRequirements: ['text'] },
  });
  expect(created.status()).toBe(201);
  const task = (await created.json()).data;

  await page.goto(`/dashboard/tasks/${task.id}`);
  await expect(page.getByTestId('task-status')).toHaveText('posted');
  await expect(page.getByTestId('task-location')).toHaveText('Remote');
  await expect(page.getByText('The thread opens when a worker accepts the task.')).toBeVisible();
  // Only what `posted` allows: cancel, not approve or revision.
  await expect(page.getByRole('button', { name: 'Approve and pay' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request revision' })).toHaveCount(0);

  const stale = await context.newPage();
  await stale.goto(`/dashboard/tasks/${task.id}`);
  await page.getByRole('button', { name: 'Cancel task' }).click();
  await expect(page.getByTestId('confirmation')).toContainText('refunds $5.75 to your card');
  await page.getByRole('button', { name: 'Yes, cancel the task' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('cancelled');
  await expect(page.getByTestId('done-notice')).toContainText('Cancelled: $5.75 is refunded to your card.');
  await expect(page.getByTestId('timeline-entry').last()).toContainText('from posted');
  await expect(page.getByTestId('task-actions')).toHaveCount(0);

  await stale.getByRole('button', { name: 'Cancel task' }).click();
  await stale.getByRole('button', { name: 'Yes, cancel the task' }).click();
  await expect(stale.getByTestId('cancel-form').getByRole('alert')).toContainText('cancelled');

  // Refunded: the operator's payment history shows the charge and the refund.
  await page.goto('/dashboard/payments');
  await expect(page.getByTestId('payment-history')).toContainText('refund');
});
