import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

// Every test gets its own client address (X-Forwarded-For, which the e2e server believes because it runs with
// TRUSTED_PROXIES=loopback and the specs connect from 127.0.0.1: see playwright.config.ts), for
// its browser and its API calls alike, so the per-IP limits of sign-up, sign-in, proposal and registration
// (20 a minute) count each test on its own instead of the whole suite from 127.0.0.1.
let counter = 0;
const uniqueIp = () => `10.${process.pid % 250}.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;

export const test = base.extend<{ clientIp: string; workerPage: Page }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  clientIp: async ({}, use) => use(uniqueIp()),
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
    await use(context);
  },
  request: async ({ playwright, baseURL, clientIp }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    await use(request);
    await request.dispose();
  },
  // A second person (most specs: the worker) in a browser of their own, from the same client address.
  workerPage: async ({ browser, clientIp }, use) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    await use(await context.newPage());
    await context.close();
  },
});
