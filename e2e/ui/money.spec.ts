import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createAgentInBrowser, enterTestCard, signUpInBrowser } from './steps';

/** Whether the element lies within a 390 px wide screen (the header and tab bar are the app shell's). */
async function fitsAt390(page: Page, testId: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const right = await page
    .getByTestId(testId)
    .first()
    .evaluate((el) => el.getBoundingClientRect().right);
  await page.setViewportSize({ width: 1280, height: 800 });
  return right <= 390;
}

test('test mode is announced, new keys default to test, and the payment history is signed', async ({
  page,
  request,
}) => {
  await signUpInBrowser(page, 'money');
  // No live processor on the e2e server: every signed-in page says so.
  await expect(page.getByTestId('test-mode-banner')).toContainText('Test mode — no real money moves');
  await page.goto('/worker');
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();

  await page.goto('/dashboard/keys');
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
  await page.getByLabel('Key name').fill('Default mode');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toHaveText(/^lgw_test_/);
  await page.reload();
  await expect(page.getByTestId('key-mode')).toHaveText('test');

  await page.goto('/dashboard/payments');
  await page.getByRole('button', { name: 'Add card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-on-file')).toContainText('4242');
  const asAgent = await createAgentInBrowser(page, 'Spender');
  const created = await request.post('/v1/tasks', {
    headers: asAgent,
    data: { title: `Signed history ${Date.now()}`, budgetCents: 500, proofRequirements: ['text'] },
  });
  expect(created.status()).toBe(201);
  const task = (await created.json()).data;

  // While the task is open the charge is held in escrow, shown as money out.
  await page.goto('/dashboard/payments');
  const history = page.getByTestId('payment-history');
  await expect(history.getByTestId('movement-label')).toHaveText(['Card charged — held in escrow']);
  await expect(history.getByTestId('movement-amount')).toHaveText(['−$5.75']);

  // Cancelled: the refund is money back (+), and the charge no longer says "held in escrow".
  expect((await request.post(`/v1/tasks/${task.id}/cancel`, { headers: asAgent })).status()).toBe(200);
  await page.reload();
  await expect(history.getByTestId('movement-label')).toHaveText(['Refunded to you', 'Card charged — refunded $5.75']);
  await expect(history.getByTestId('movement-amount')).toHaveText(['+$5.75', '−$5.75']);
  await expect(history.getByTestId('local-time').first()).toHaveAttribute('datetime', /Z$/);
  expect(await fitsAt390(page, 'payment-history')).toBe(true);
  expect(await fitsAt390(page, 'test-mode-banner')).toBe(true);

  // The agent's page and the agents list agree on what was spent (net of the refund).
  await page.goto('/dashboard/agents');
  await expect(page.getByTestId('agents-table')).toContainText('$0.00');
  await page.getByRole('link', { name: 'Spender' }).click();
  await expect(page.getByTestId('agent-spent')).toContainText('$0.00');
  await expect(page.getByTestId('agent-name')).toHaveText('Spender');
});

// Needs the server started with WEBHOOKS_ALLOW_PRIVATE_URLS=1: the receiver is a loopback http server.
test('a webhook delivery can be retried and its payload read; events edited and the secret rotated', async ({
  page,
}) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await signUpInBrowser(page, 'money-hooks');
    await page.goto('/dashboard/webhooks');
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const firstSecret = (await page.getByTestId('new-key').textContent()) ?? '';
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('delivery-code').first()).toHaveText('200', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // The payload is the body that was sent.
    const payload = page.getByTestId('delivery-payload').first();
    await payload.getByText('Payload').click();
    await expect(payload.locator('pre')).toContainText('"type": "webhook.test"');
    expect(JSON.parse(received[0] ?? '{}')).toMatchObject({ type: 'webhook.test' });

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);

    // Edit events: tick one, save, and the endpoint lists it.
    const edit = page.getByTestId('edit-events');
    await edit.getByText('Edit events').click();
    await edit.getByLabel('task.completed').check();
    await edit.getByRole('button', { name: 'Save events' }).click();
    await expect(edit.getByText('Saved')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('webhook-endpoint')).toContainText('task.completed');

    // Rotate asks first; the new secret is shown once.
    await page.getByRole('button', { name: 'Rotate secret…' }).click();
    await expect(page.getByText('keeps signing for 24 hours')).toBeVisible();
    await page.getByRole('button', { name: 'Rotate secret', exact: true }).click();
    const rotated = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(firstSecret);
    expect(await fitsAt390(page, 'edit-events')).toBe(true);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
