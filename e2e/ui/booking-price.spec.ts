import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, pickFirstSlot, setWeeklyHours, signUpInBrowser } from './steps';

// Issue 34: a booking charges the price the requester saw. The requester opens the booking page from the worker's
// profile; the worker raises the price before they submit; the page refuses with "The price changed", shows the
// new price and a button to book at it, and booking at it succeeds. A remote service keeps it off the maps.

test('a booking refused because the price changed, then booked at the new price', async ({
  page,
  request,
  workerPage,
}) => {
  test.setTimeout(180_000);
  await becomeListedWorker(workerPage, `Pia ${Date.now()}`, 'Bordeaux');
  await workerPage.goto('/worker/services');
  const title = `Proofreading by video call ${Date.now()}`;
  const form = workerPage.getByTestId('new-service');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('errand');
  await form.getByLabel('Price (USD)').fill('35');
  await form.getByLabel('Duration (minutes)').fill('60');
  await form.getByLabel(/^Remote/).check();
  await form.getByRole('button', { name: 'Create service' }).click();
  const offered = workerPage.getByTestId('service').filter({ hasText: title });
  await expect(offered).toContainText('$35.00 · 60 min · remote');
  await setWeeklyHours(workerPage);

  // The requester, with a card, finds the worker's profile (through an agent's key, as search is API-only).
  await signUpInBrowser(page, 'booking-requester');
  await addCardFromPayments(page);
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Finder');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const asAgent = { authorization: `Bearer ${(await page.getByTestId('new-key').textContent()) ?? ''}` };
  const found = await request.get(`/v1/services?q=${encodeURIComponent(title)}`, { headers: asAgent });
  expect(found.status()).toBe(200);
  const service = (await found.json()).data[0];
  expect(service).toMatchObject({ title, priceCents: 3_500 });

  await page.goto(`/workers/${service.worker.id}`);
  await page.getByRole('link', { name: `Book ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${service.id}/book$`));
  await expect(page.getByTestId('book-price')).toContainText('$35.00 + $5.25 fee: $40.25');
  await pickFirstSlot(page);
  await page.getByLabel('Instructions (optional)').fill('Two pages, English.');

  // Meanwhile the worker raises the price.
  await workerPage.goto('/worker/services');
  const card = workerPage.getByTestId('service').filter({ hasText: title });
  await card.getByText('Edit').click();
  await card.getByLabel('Price (USD)').fill('42');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('$42.00 · 60 min · remote');

  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByTestId('price-changed')).toHaveText(
    'The price changed: it is now $42.00 ($48.30 with the fee). Nothing was charged.',
  );
  await expect(page.getByTestId('book-price')).toContainText('$42.00 + $6.30 fee: $48.30');
  await expect(page.getByLabel('Instructions (optional)')).toHaveValue('Two pages, English.');
  await page.screenshot({ path: test.info().outputPath('price-changed.png'), fullPage: true });

  await page.getByRole('button', { name: 'Book at $42.00' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tasks\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('task-status')).toHaveText('accepted');
  await expect(page.getByTestId('booking')).toContainText(`Booked: ${title}`);
  await expect(page.getByText('$48.30').first()).toBeVisible();
});
