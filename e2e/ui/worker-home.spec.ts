import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  acceptAndSubmit,
  becomeListedWorker,
  openVerificationLink,
  operatorWithAgent,
  SIGN_UP_ROLES,
  saveWorkerProfile,
  signUpInBrowser,
} from './steps';

// Issue 36, point 6 (a home for workers): sign-up asks what the person came for and sends them there; a worker's
// home shows their tasks and earnings, and their pay has its own Earnings page. Each test runs at 1280 and 390 px.

const WIDTHS = [1280, 390] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** Nothing may stick out past the right edge of a phone. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('"I want to earn" lands on onboarding with the name prefilled and nothing marked wrong', async ({ page }) => {
      await page.goto('/signup?role=worker');
      // The landing page's "Start earning" link preselects the choice; the other stays one click away.
      await expect(page.getByRole('radio', { name: SIGN_UP_ROLES.worker.label })).toBeChecked();
      await expect(page.getByRole('radio', { name: SIGN_UP_ROLES.requester.label })).not.toBeChecked();
      await shot(page, `signup-role-${width}`);
      await fitsWidth(page, width);

      const name = `Wren ${Date.now()}`;
      const email = await signUpInBrowser(page, 'earn', { role: 'worker', name, verified: false });
      await expect(page.getByLabel('Display name')).toHaveValue(name);
      await expect(page.getByTestId('field-error')).toHaveCount(0);
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
      await expect(page.getByTestId('step-profile').getByTestId('step-state')).toHaveText('Start here.');
      await expect(page.getByTestId('step-profile')).not.toContainText('to be listed');

      // Once the profile is saved, the capabilities come grouped by category as boxes to tick.
      await saveWorkerProfile(page, name);
      const capabilities = page.getByTestId('step-capabilities');
      await expect(capabilities.getByTestId('capability-group')).toHaveCount(8);
      await expect(capabilities.getByRole('group', { name: 'Driving' })).toBeVisible();
      await expect(capabilities.locator('input[type=radio]')).toHaveCount(0);
      await capabilities.getByLabel('Has a bicycle or scooter').check();
      await capabilities.getByLabel('Smartphone photos and video').check();
      await capabilities.getByRole('button', { name: 'Save capabilities' }).click();
      await expect(capabilities.getByTestId('step-state')).toHaveText('done');
      // The emailed link, opened part-way through onboarding, leads back to it rather than to the dashboard.
      await openVerificationLink(page, email);
      await page.getByRole('link', { name: 'Continue worker onboarding' }).click();
      await expect(page).toHaveURL(/\/worker\/onboarding$/);
      await expect(capabilities.getByLabel('Has a bicycle or scooter')).toBeChecked();
      await expect(capabilities.getByLabel('Has a car')).not.toBeChecked();
      await capabilities.scrollIntoViewIfNeeded();
      await capabilities.screenshot({ path: test.info().outputPath(`onboarding-capabilities-${width}.png`) });
      await fitsWidth(page, width);
    });

    test('"I want to get tasks done" lands on New task', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('earn-section')).toContainText('Earn by doing tasks near you');
      await expect(page.getByRole('link', { name: 'Start earning' })).toHaveAttribute('href', '/signup?role=worker');
      await signUpInBrowser(page, 'get-done', { role: 'requester' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('New task');
    });

    test('a worker paid for a task sees it on their home and their Earnings page', async ({
      page,
      browser,
      request,
      clientIp,
    }) => {
      test.setTimeout(180_000);
      const workerContext = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 800 },
        extraHTTPHeaders: { 'x-forwarded-for': clientIp },
      });
      const workerPage = await workerContext.newPage();
      try {
        const asAgent = await operatorWithAgent(page, 'earn-operator');
        await becomeListedWorker(workerPage, `Nia ${Date.now()}`);
        const post = async (title: string, nearby: Record<string, unknown> = {}) => {
          const created = await request.post('/v1/tasks', {
            headers: asAgent,
            data: { title, budgetCents: 2_500, proofRequirements: ['text'], ...nearby },
          });
          expect(created.status(), await created.text()).toBe(201);
          return (await created.json()).data.id as string;
        };
        const paidTitle = `Count the bikes ${Date.now()}`;
        const paid = await post(paidTitle);
        const activeTitle = `Photograph the gate ${Date.now()}`;
        const active = await post(activeTitle);
        const openTitle = `Read the meter ${Date.now()}`;
        // At the worker's own spot and due first, so it leads the five nearest even when other specs left tasks open.
        await post(openTitle, {
          location: { lat: 45.764, lng: 4.8357, address: 'Lyon' },
          deadline: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        });

        await acceptAndSubmit(workerPage, paid);
        expect((await request.post(`/v1/tasks/${paid}/approve`, { headers: asAgent })).status()).toBe(200);
        await acceptAndSubmit(workerPage, active);

        // Home: the submitted task, a task still open nearby, and the money: $25.00 paid, $25.00 pending.
        await workerPage.goto('/worker');
        await expect(workerPage.getByTestId('home-active-task').filter({ hasText: activeTitle })).toBeVisible();
        await expect(workerPage.getByTestId('home-active-task').filter({ hasText: paidTitle })).toHaveCount(0);
        await expect(workerPage.getByTestId('home-nearby')).toContainText(openTitle);
        await expect(workerPage.getByTestId('earnings-pending')).toContainText('$25.00');
        await expect(workerPage.getByTestId('earnings-pending')).toContainText('1 accepted or submitted task');
        // Sent right after the approval; a reload catches it if the runner was still at it.
        await expect(async () => {
          await workerPage.reload();
          await expect(workerPage.getByTestId('earnings-paid')).toContainText('$25.00', { timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
        await expect(workerPage.getByTestId('earnings-next')).toContainText('—');
        await shot(workerPage, `worker-home-${width}`);
        await fitsWidth(workerPage, width);

        // Earnings: its own tab; the paid task with the budget earned, never the requester's total.
        await workerPage.getByRole('link', { name: 'All earnings' }).click();
        await expect(workerPage).toHaveURL(/\/worker\/earnings$/);
        await expect(workerPage.getByRole('link', { name: 'Earnings', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        const row = workerPage.getByTestId('earning-row').filter({ hasText: paidTitle });
        await expect(row).toContainText('$25.00');
        await expect(row).toContainText('Paid out');
        await expect(row).not.toContainText('$28.75');
        await expect(workerPage.getByTestId('earning-row').filter({ hasText: activeTitle })).toHaveCount(0);
        await shot(workerPage, `worker-earnings-${width}`);
        await fitsWidth(workerPage, width);

        // The task page sends the worker to their earnings, not to the requester's Payments page.
        await workerPage.goto(`/worker/tasks/${paid}`);
        await expect(workerPage.getByRole('link', { name: 'See your earnings' })).toHaveAttribute(
          'href',
          '/worker/earnings',
        );
        await expect(workerPage.locator('a[href^="/dashboard/payments"]')).toHaveCount(0);
      } finally {
        await workerContext.close();
      }
    });
  });
}
