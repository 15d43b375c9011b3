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

// Issue 40, part 3, in the browser: a thread message queues a push for the worker's browser (test mode keeps it in
// the outbox, /dev/mailbox); that push is delivered to the page's service worker as DevTools' Push button delivers
// one (CDP ServiceWorker.deliverPushMessage: headless Chromium cannot subscribe at a real push service), and the
// worker shows it as a notification that opens the thread.
test('a push for a thread message reaches the service worker and shows a notification', async ({
  page,
  workerPage: worker,
  request,
}) => {
  test.setTimeout(180_000);
  await worker.context().grantPermissions(['notifications']);
  const { taskId, authorization } = await acceptedTask(page, worker, request);

  // The browser's subscription, stored through the pages' own route with a real P-256 key and auth secret.
  const endpoint = `https://push.example.com/e2e/${taskId}`;
  const stored = await worker.evaluate(async (url) => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const keys = { p256dh: base64url(raw), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) };
    const res = await fetch('/dashboard/push-subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: url, keys }),
    });
    return res.status;
  }, endpoint);
  expect(stored).toBe(201);

  const body = `Is the shelf restocked? ${Date.now()}`;
  const posted = await request.post(`/v1/tasks/${taskId}/messages`, { headers: { authorization }, data: { body } });
  expect(posted.status(), await posted.text()).toBe(201);
  // The push job runs every few seconds: the push shows up in the outbox as sent there.
  const push = page.getByTestId('push').filter({ hasText: body });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(push).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const title = (await push.getByTestId('push-title').textContent()) ?? '';
  expect(title).toContain('wrote about');

  const cdp = await worker.context().newCDPSession(worker);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(worker.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registered,
    data: JSON.stringify({ title, body, url: `/worker/tasks/${taskId}`, tag: `message:${taskId}` }),
  });
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((shown) => [shown.title, shown.body, shown.data?.url]);
      }),
    )
    .toEqual([[title, body, `/worker/tasks/${taskId}`]]);
});
