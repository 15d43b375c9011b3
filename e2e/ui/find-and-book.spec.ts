import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  addCardFromPayments,
  becomeListedWorker,
  offerService,
  pickFirstSlot,
  setWeeklyHours,
  signUpInBrowser,
} from './steps';

// Issue 36, point 1: booking in the browser. A worker sets their weekly hours in the editor on their services page
// (an overlap and an end before the start are refused inline first); a requester finds the service through Find
// help with filters, opens the worker's profile, picks a free slot, pays with the card on file, and lands on the
// booked task. Nantes keeps it off the other specs' maps. At 1280 and 390 px.

const WIDTHS = [1280, 390] as const;

/** A viewport screenshot in the test's output; the main ones also in docs/screenshots. */
async function shot(page: Page, name: string, keep = false) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  if (keep) {
    mkdirSync('docs/screenshots', { recursive: true });
    copyFileSync(path, `docs/screenshots/${name}.png`);
  }
}

for (const width of WIDTHS) {
  test(`a worker sets hours; a requester finds, picks a slot and books (${width} px)`, async ({
    page,
    browser,
    clientIp,
  }) => {
    test.setTimeout(240_000);
    const size = { width, height: width === 390 ? 844 : 900 };
    const suffix = width === 390 ? '-390' : '';
    const workerContext = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': clientIp },
      viewport: size,
    });
    const workerPage = await workerContext.newPage();
    await page.setViewportSize(size);
    try {
      const name = `Noé ${Date.now()}`;
      await becomeListedWorker(workerPage, name, 'Nantes');
      await workerPage.goto('/worker/services');
      const title = `Assemble a bookcase ${Date.now()}`;
      await offerService(workerPage, { title, category: 'errand', price: '30', minutes: '90', city: 'Nantes' });
      await offerService(workerPage, {
        title: `Photos of a flat ${Date.now()}`,
        category: 'photography',
        city: 'Nantes',
      });

      // No hours yet: nobody could pick a slot. An overlap and an end before the start are refused per row.
      const editor = workerPage.getByTestId('availability');
      await expect(editor.getByTestId('no-hours')).toBeVisible();
      await editor.getByRole('button', { name: 'Add hours on Monday' }).click();
      await editor.getByRole('button', { name: 'Add hours on Monday' }).click();
      await editor.getByRole('button', { name: 'Add hours on Tuesday' }).click();
      await editor.getByLabel('Tuesday until').fill('08:00');
      await editor.getByRole('button', { name: 'Save hours' }).click();
      await expect(editor.getByRole('alert')).toHaveText('Nothing was saved: fix the marked hours.');
      const monday = editor.getByRole('group', { name: 'Monday' });
      await expect(monday.getByTestId('hours-error')).toHaveText('Overlaps another window on the same day');
      await expect(editor.getByRole('group', { name: 'Tuesday' }).getByTestId('hours-error')).toHaveText(
        'End must be after start',
      );
      await shot(workerPage, `availability-editor-errors${suffix}`);
      await monday
        .getByRole('button', { name: /^Remove Monday/ })
        .last()
        .click();
      await editor
        .getByRole('group', { name: 'Tuesday' })
        .getByRole('button', { name: /^Remove/ })
        .click();
      // Every day from 08:00 to midnight, so slots are free whatever the hour the spec runs at.
      await setWeeklyHours(workerPage, {
        days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        from: '08:00',
        until: '00:00',
      });
      await workerPage.reload();
      await expect(editor.getByTestId('no-hours')).toHaveCount(0);
      await expect(editor.getByLabel('Sunday until')).toHaveValue('00:00');
      await expect(editor.getByLabel('Time zone')).not.toHaveValue('');
      await editor.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await shot(workerPage, `availability-editor${suffix}`, true);

      // The requester, with a card, opens Find help from the dashboard's tabs.
      await signUpInBrowser(page, 'find-book');
      await addCardFromPayments(page);
      await page.goto('/dashboard');
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Find help' }).click();
      await expect(page).toHaveURL(/\/dashboard\/find$/);
      await expect(page.getByTestId('find-no-place')).toContainText('Pick a place above');

      // A hand-edited query is shown as what was left out, never an error page.
      const odd = await page.goto('/dashboard/find?lat=abc&lng=1&category=yoga&maxPrice=-3');
      expect(odd?.status()).toBe(200);
      await expect(page.getByTestId('find-ignored')).toContainText('the category “yoga”');
      await expect(page.getByTestId('find-ignored')).toContainText('the price “-3”');

      await page.goto('/dashboard/find');
      const filters = page.getByTestId('find-filters');
      await filters.getByRole('combobox', { name: 'Place' }).fill('nant');
      await page
        .getByRole('option', { name: /^Nantes, / })
        .first()
        .click();
      await filters.getByLabel('Category').selectOption('errand');
      await filters.getByLabel('Max price ($)').fill('40');
      await filters.getByLabel('Free').selectOption('7');
      await filters.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(/category=errand/);
      await expect(page).toHaveURL(/free=7/);
      const found = page.getByTestId('found-service').filter({ hasText: title });
      await expect(found).toContainText('$30.00 · 90 min · Errand');
      // The photography service is filtered out by the category.
      await expect(page.getByTestId('find-services')).not.toContainText('Photos of a flat');
      await expect(page.getByTestId('find-workers').getByRole('link', { name })).toBeVisible();
      await shot(page, `find-help${suffix}`, true);

      await found.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByTestId('worker-services')).toContainText('Book one, pick a free slot');
      await expect(page.getByTestId('worker-services')).not.toContainText('/v1/');
      await page.getByRole('link', { name: `Book ${title}` }).click();
      await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}\/book$/);
      await expect(page.getByTestId('book-price')).toContainText('$30.00 + $4.50 fee: $34.50');
      const startsAt = await pickFirstSlot(page);
      expect(Date.parse(startsAt)).toBeGreaterThan(Date.now());
      await shot(page, `book-slot-picker${suffix}`, true);
      await page.getByLabel('Instructions (optional)').fill('The flat is on the third floor.');
      await page.getByRole('button', { name: 'Book', exact: true }).click();

      await expect(page).toHaveURL(/\/dashboard\/tasks\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('task-status')).toHaveText('accepted');
      await expect(page.getByTestId('booking')).toContainText(`Booked: ${title}`);
      await expect(page.getByText('$34.50').first()).toBeVisible();

      // The slot is taken now: the booking page offers it no more.
      await page.goBack();
      await page.reload();
      await expect(page.getByTestId('slot-picker').locator(`input[value="${startsAt}"]`)).toHaveCount(0);
    } finally {
      await workerContext.close();
    }
  });
}
