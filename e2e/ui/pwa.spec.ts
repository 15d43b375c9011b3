import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { becomeListedWorker, operatorWithAgent, PHOTO, signUpInBrowser } from './steps';

// Issue 40, parts 2 and 4: the worker pages install as an app (manifest, service worker), and proof taken with no
// connection is kept on the device and sent once when the connection returns, or refused and kept until Discard.

/** The page's service worker once active, and the one controlling it. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return {
      active: registration.active?.scriptURL ?? null,
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    };
  });

/** A remote photo task posted by a new operator's agent, accepted by a new listed worker on `worker`'s page. */
async function acceptedTask(page: Page, worker: Page, request: APIRequestContext) {
  const { authorization } = await operatorWithAgent(page, 'pwa-requester');
  const created = await request.post('/v1/tasks', {
    headers: { authorization },
    data: {
      title: `Shelf photo ${Date.now()}`,
      category: 'photography',
      budgetCents: 2_000,
      proofRequirements: ['photo'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const taskId = (await created.json()).data.id as string;
  await becomeListedWorker(worker);
  await worker.setViewportSize({ width: 390, height: 844 });
  await worker.goto('/worker');
  expect((await workerState(worker)).active).toMatch(/\/sw\.js$/);
  await worker.goto(`/worker/tasks/${taskId}`);
  await worker.getByRole('button', { name: 'Accept task' }).click();
  await expect(worker.getByTestId('task-status')).toHaveText('accepted');
  await worker.reload(); // the accepted page, with its proof form, is the copy kept for offline
  await expect(worker.getByTestId('proof-form')).toBeVisible();
  return { taskId, authorization };
}

/** Offline: a photo from the gallery input and a note, submitted; both wait on the device. */
async function submitOffline(worker: Page) {
  await worker.context().setOffline(true);
  const form = worker.getByTestId('proof-form');
  await form
    .locator('input[type=file]:not([capture])')
    .setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(form.getByTestId('photo-state')).toHaveAttribute('data-state', 'waiting');
  await form.getByLabel('Note').fill('Shelf photographed, all facings full.');
  await form.getByRole('button', { name: /^Submit proof/ }).click();
  await expect(form.getByTestId('proof-queue')).toHaveAttribute('data-state', 'waiting');
}

test('the manifest names its icons and the service worker installs and controls /worker', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'Legwork', start_url: '/worker', scope: '/', display: 'standalone' });
  expect(body.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of body.icons as { src: string }[]) {
    const png = await request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }

  await signUpInBrowser(page, 'pwa-sw');
  await page.goto('/worker');
  expect((await workerState(page)).active).toMatch(/\/sw\.js$/);
  await page.reload();
  expect((await workerState(page)).controller).toMatch(/\/sw\.js$/);
});

test('proof taken offline waits on the device, survives a reload, and is submitted once back online', async ({
  page,
  workerPage: worker,
  request,
}) => {
  const { taskId, authorization } = await acceptedTask(page, worker, request);

  // The worker home offers the app once (the event is Chromium's; headless Chromium never fires it by itself).
  await worker.goto('/worker');
  // Sent until the page has hydrated and listens for it.
  await expect(async () => {
    await worker.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
    });
    await expect(worker.getByTestId('install-card')).toBeVisible({ timeout: 500 });
  }).toPass();
  await worker.screenshot({ path: '/tmp/shots/pwa-worker-home.png' });
  await worker.getByRole('button', { name: 'No thanks' }).click();
  await expect(worker.getByTestId('install-card')).toBeHidden();
  await worker.reload();
  await expect(worker.getByTestId('home-active')).toBeVisible();
  expect(await worker.evaluate(() => localStorage.getItem('legwork.install-offer'))).toBe('dismissed');

  await worker.goto(`/worker/tasks/${taskId}`);
  await submitOffline(worker);
  await worker.reload(); // from the service worker's copy: nothing taken is lost
  const form = worker.getByTestId('proof-form');
  await expect(form.getByTestId('photo-state')).toHaveAttribute('data-state', 'waiting');
  await expect(form.getByTestId('proof-queue')).toHaveAttribute('data-state', 'waiting');
  await expect(form.getByLabel('Note')).toHaveValue('Shelf photographed, all facings full.');
  await form.getByTestId('proof-queue').scrollIntoViewIfNeeded();
  await worker.screenshot({ path: '/tmp/shots/pwa-proof-waiting.png', fullPage: true });

  await worker.context().setOffline(false);
  await expect(worker.getByTestId('task-status')).toHaveText('submitted', { timeout: 20_000 });
  const task = (await (await request.get(`/v1/tasks/${taskId}`, { headers: { authorization } })).json()).data;
  expect(task.status).toBe('submitted');
  expect(task.proof.photos).toHaveLength(1);
  expect(task.proof.note).toBe('Shelf photographed, all facings full.');
  expect(await worker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a queued proof replayed after the task was cancelled is refused and kept until Discard', async ({
  page,
  workerPage: worker,
  request,
}) => {
  const { taskId, authorization } = await acceptedTask(page, worker, request);
  await submitOffline(worker);
  const cancelled = await request.post(`/v1/tasks/${taskId}/cancel`, { headers: { authorization } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await worker.context().setOffline(false);
  const refusal = worker.getByText(/this task was cancelled or is no longer yours/).first();
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await worker.reload();
  await expect(worker.getByTestId('kept-proof')).toContainText('1 photo');
  await worker.getByRole('button', { name: 'Discard the proof on this device' }).click();
  await expect(worker.getByTestId('kept-proof')).toBeHidden();
  await worker.reload();
  await expect(worker.getByTestId('task-status')).toHaveText('cancelled');
  await expect(worker.getByTestId('kept-proof')).toBeHidden();
});
