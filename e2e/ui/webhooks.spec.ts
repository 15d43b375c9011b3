import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

// Needs the server started with WEBHOOKS_ALLOW_PRIVATE_URLS=1: the receiver is a loopback http server.
test('an operator adds a webhook endpoint, sees its secret once, sends a test and sees the 2xx in the log', async ({
  page,
}) => {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/legwork`;
  try {
    await signUpInBrowser(page, 'webhooks');
    await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();

    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description').fill('Local receiver');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(page.getByTestId('webhook-endpoint')).toContainText(url);

    await page.getByRole('button', { name: 'Send test' }).click();
    // The in-process dispatcher delivers within moments; the page shows the log as of each load.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('delivery-code').first()).toHaveText('200', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('delivery-status').first()).toHaveText('succeeded');
    await expect(page.getByTestId('delivery-log')).toContainText('webhook.test');

    // Shown once: after a reload the secret is nowhere on the page.
    expect(await page.content()).not.toContain(secret.slice(6));

    expect(received).toHaveLength(1);
    const [request] = received;
    const payload = new Webhook(secret).verify(request?.body ?? '', request?.headers ?? {});
    expect(payload).toMatchObject({ type: 'webhook.test', data: { message: expect.any(String) } });

    // Retry sends the same event again.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received[1]?.headers['webhook-id']).toBe(request?.headers['webhook-id']);

    // Disabled: no test button, no retries; enabled again, a test goes out.
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByTestId('webhook-endpoint')).toContainText('disabled: Disabled by its owner');
    await expect(page.getByRole('button', { name: 'Send test' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByTestId('webhook-endpoint')).toContainText('active');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
  } finally {
    receiver.close();
  }
});
