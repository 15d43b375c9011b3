import { expect, test } from '../fixtures';
import { signUpInBrowser } from '../ui/steps';

// The worker home over a throttled 3G connection (Chrome DevTools' "3G" preset through CDP: 562.5 ms round trip,
// 1.44 Mb/s down, 675 kb/s up), first with a cold cache, then on a second visit once the service worker holds the
// page (docs/workers.md "Worker app (PWA)"). "Interactive" is the load event: the page's scripts have run and the
// page is hydrated. Targets (issue 40): <= 3 s the first time, <= 1 s from the service worker's cache. The
// throttling is the page's: Chromium does not apply it to the service worker's own fetches, so on the second visit
// the worker's network race (public/sw.js, 800 ms) is won by an unthrottled fetch more often than a phone's would be.

const THREE_G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
const FIRST_TARGET_MS = 3_000;
const CACHED_TARGET_MS = 1_000;

test('the worker home over 3G: first load, and again from the service worker', async ({ browser, clientIp }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const signUp = await setup.newPage();
  await signUpInBrowser(signUp, 'pwa-bench');
  const storageState = await setup.storageState();
  await setup.close();

  // A fresh context: the session cookie only, no cache, no service worker.
  const context = await browser.newContext({ storageState, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THREE_G);
  const visit = async () => {
    const started = Date.now();
    await page.goto('/worker', { waitUntil: 'load', timeout: 60_000 });
    return Date.now() - started;
  };
  const first = await visit();
  // The service worker installs and takes the page (it keeps what this load fetched).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
  await page.waitForTimeout(2_000); // its copy of the page is written
  const cached = await visit();
  const verdict = (ms: number, target: number) => `${ms} ms ${ms <= target ? 'PASS' : 'MISS'} (target <= ${target} ms)`;
  console.log('\nworker app over 3G');
  console.log(`first load of /worker, cold cache: ${verdict(first, FIRST_TARGET_MS)}`);
  console.log(`second visit, from the service worker's copy: ${verdict(cached, CACHED_TARGET_MS)}`);
  await context.close();
});
