import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { enterTestCard, signUpInBrowser } from './steps';

// Issue 18 point 7: at 390 px wide no page scrolls sideways (`scrollWidth <= innerWidth`), signed out and signed
// in, with the lists holding something (an agent, a key, a webhook endpoint with a failed delivery, a draft task).

const PHONE = { width: 390, height: 844 };

/** Each page wider than the window, with the elements that stick out past its right edge. */
async function overflowOf(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate((where) => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 50)}`);
    return `${where}: ${document.documentElement.scrollWidth} px (${wide.join(' | ')})`;
  }, path);
}

async function expectAllFit(page: Page, paths: string[]) {
  const overflowing: string[] = [];
  for (const path of paths) {
    const found = await overflowOf(page, path);
    if (found) overflowing.push(found);
  }
  expect(overflowing).toEqual([]);
}

test('signed out, every public page fits 390 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await expectAllFit(page, ['/', '/login', '/signup', '/forgot-password', '/docs', '/docs/agents', '/no-such-page']);
});

test('signed in, every dashboard, worker and account page fits 390 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'mobile-fit');
  await page.goto('/dashboard/payments');
  await page.getByRole('button', { name: 'Add card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');

  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('A rather long agent name for a narrow phone screen');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByTestId('new-key')).toBeVisible();
  await page.reload();
  const agentHref = await page.getByTestId('agents-table').getByRole('link').first().getAttribute('href');

  await page.goto('/dashboard/keys');
  await page.getByLabel('Key name').fill('Laptop');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toBeVisible();

  await page.goto('/dashboard/webhooks');
  await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/a/rather/long/path/for/a/narrow/phone/screen');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('webhook-endpoint')).toBeVisible();
  await page.getByRole('button', { name: 'Send test' }).click();

  const { data: proposal } = await (
    await request.post('/v1/tasks/propose', { data: { task: { title: 'Photograph the shop window on the corner' } } })
  ).json();

  await page.setViewportSize(PHONE);
  await expectAllFit(page, [
    '/',
    '/dashboard',
    '/dashboard/tasks',
    '/dashboard/tasks/new',
    '/dashboard/agents',
    agentHref ?? '/dashboard/agents',
    '/dashboard/keys',
    '/dashboard/payments',
    '/dashboard/webhooks',
    '/worker',
    '/worker/onboarding',
    '/worker/tasks',
    '/settings',
    '/notifications',
    '/docs',
    new URL(proposal.humanClaimUrl).pathname,
  ]);

  // Below 640 px a table is a stack of cards: no header row, each value after its column's name.
  await page.goto('/dashboard/agents');
  const agents = page.getByTestId('agents-table');
  await expect(agents.locator('thead')).toBeHidden();
  const spent = agents.locator('tbody tr').first().locator('td').nth(2);
  expect(await spent.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Spent "');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(agents.locator('thead')).toBeVisible();
  expect(await spent.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('none');
});
