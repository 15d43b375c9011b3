import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  addCardFromPayments,
  becomeListedWorker,
  createAgentInBrowser,
  PASSWORD,
  pickLyonWithKeyboard,
  signUpInBrowser,
} from './steps';

// Issue 36, point 4 (real places): the requester drops a pin on the exact spot, a task placed only as a city shows
// "in Lyon" where a distance to the city centre would blame an honest worker, and the worker gets directions.
// Tiles come from a closed port here (playwright.config.ts), so every map stands on its fallback grid.

const WIDTHS = [1280, 390] as const;
const LYON = { lat: 45.764, lng: 4.8357 };

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test('a pin dropped on the New task map is saved as the exact point', async ({ page, request }) => {
  const email = await signUpInBrowser(page, 'places-pin');
  const session = await request.post('/v1/auth/sessions', { data: { email, password: PASSWORD } });
  expect(session.status(), await session.text()).toBe(201);
  const asRequester = { authorization: `Bearer ${(await session.json()).data.token}` };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/tasks/new');
    const title = `Fix the gate latch ${width} ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel(/^Budget/).fill('20');
    await pickLyonWithKeyboard(page);
    // The picked city's centre, as the picker shows it: "Lyon, FR (45.748, 4.847)".
    const [centreLat = 0, centreLng = 0] = ((await page.getByTestId('picked-city').textContent()) ?? '')
      .replace(/^.*\(|\).*$/g, '')
      .split(', ')
      .map(Number);
    expect(centreLat).toBeGreaterThan(45);
    const pin = page.getByTestId('pin-map');
    await expect(pin).toHaveAttribute('data-pinned', 'false');
    await expect(page.getByTestId('pin-status')).toContainText('workers see only “in Lyon”');
    const map = page.getByTestId('pin-map-map');
    await expect(map).toHaveAttribute('data-tiles', 'failed');
    await expect(map.locator('path.map-marker')).toHaveCount(1);

    // A click off the centre's dot moves the place there.
    const area = map.getByRole('img', { name: /click to pin/ });
    const box = await area.boundingBox();
    if (!box) throw new Error('the map has no box');
    await area.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } });
    await expect(pin).toHaveAttribute('data-pinned', 'true');
    await expect(page.getByTestId('pin-status')).toContainText('Pinned at 45.7');
    await expect(map.locator('path.map-marker')).toHaveCount(1);
    await page.getByTestId('pin-status').scrollIntoViewIfNeeded();
    if (width === 1280) await shot(page, 'pin-drop');
    await shot(page, `pin-drop-${width}`);

    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page).toHaveURL(/\/dashboard\/tasks\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() ?? '';
    await expect(page.getByTestId('task-location')).toHaveText('Lyon');

    // The API has it as a point east and north of the city centre, named by the city.
    const res = await request.get(`/v1/tasks/${id}`, { headers: asRequester });
    expect(res.status(), await res.text()).toBe(200);
    const location = (await res.json()).data.location;
    expect(location).toMatchObject({ precision: 'point', address: 'Lyon' });
    expect(location.lat).toBeGreaterThan(centreLat);
    expect(location.lng).toBeGreaterThan(centreLng);
  }
});

test('a city-precision task shows "in Lyon", never a distance, and the worker gets directions', async ({
  page,
  request,
  workerPage,
}) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, 'places-city');
  await addCardFromPayments(page);
  const asAgent = await createAgentInBrowser(page, 'City scout');
  await becomeListedWorker(workerPage, `Noor ${Date.now()}`);

  const title = `Photograph a café terrace ${Date.now()}`;
  const created = await request.post('/v1/tasks', {
    headers: asAgent,
    data: {
      title,
      category: 'photography',
      location: { ...LYON, address: 'Lyon', precision: 'city' },
      budgetCents: 2_000,
      proofRequirements: ['text', 'gps'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const taskId: string = (await created.json()).data.id;

  // The worker's list and task page: "in Lyon", no "km away" from the city centre; directions to the place.
  await workerPage.goto('/worker/tasks');
  const listed = workerPage.getByTestId('open-task').filter({ hasText: title });
  await expect(listed).toContainText('in Lyon');
  await expect(listed).not.toContainText(/\d (m|km) away/);
  await listed.getByRole('link', { name: title }).click();
  await expect(workerPage.getByTestId('task-location')).toContainText('Lyon · the city, not an exact spot');
  await expect(workerPage.getByTestId('task-location')).not.toContainText('from you');
  const directions = workerPage.getByTestId('directions');
  await expect(directions).toHaveAttribute('href', 'https://www.openstreetmap.org/directions?to=45.764%2C4.8357');
  await workerPage.getByRole('button', { name: 'Accept task' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
  await expect(directions).toBeVisible();

  // A position 2.4 km from the centre, across town: accepted, since a city has no 500 m radius.
  await workerPage.getByLabel('Note').fill('Terrace photographed from the square.');
  await workerPage.getByLabel('Latitude').fill('45.7500');
  await workerPage.getByLabel('Longitude').fill('4.8600');
  await workerPage.getByRole('button', { name: 'Submit proof' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');

  await page.goto(`/dashboard/tasks/${taskId}`);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const evidence = page.getByTestId('task-evidence');
    await expect(evidence.getByTestId('proof-location')).toHaveText('Sent from 45.75000, 4.86000 · in Lyon');
    await expect(evidence).not.toContainText(/\d(\.\d)? ?(m|km) from the task/);
    await expect(evidence.getByTestId('task-map')).toContainText('Proof position (in Lyon)');
    await expect(evidence.locator('path.map-marker')).toHaveCount(2);
    await evidence.scrollIntoViewIfNeeded();
    if (width === 1280) await shot(page, 'city-precision-proof');
    await shot(page, `city-precision-proof-${width}`);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);

    await workerPage.setViewportSize({ width, height: 900 });
    await expect(workerPage.getByTestId('directions')).toBeVisible();
    await expect(workerPage.getByTestId('proof-location')).toContainText('in Lyon');
  }
});

test('the claim page gives a remote proposal a place, pinned on the map, at the same price', async ({
  page,
  request,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const proposed = await request.post('/v1/tasks/propose', {
      data: { task: { title: `Water the balcony plants ${width}`, budgetCents: 1_000 } },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const { data: proposal } = await proposed.json();
    await page.goto(new URL(proposal.humanClaimUrl).pathname);
    await expect(page.getByTestId('claim-place')).toHaveText('Remote');
    await expect(page.getByTestId('claim-total')).toHaveText('$11.50');

    // The place's suggestions need a session: before the email step the page says so instead.
    await page.getByText('Correct the place, budget or deadline').click();
    await expect(page.getByTestId('claim-correct')).toContainText('give your email below to set a place');
    await page.getByLabel('Your email').fill(`e2e-places-claim-${width}-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Add a card' })).toBeVisible();

    const correct = page.getByTestId('claim-correct');
    if (!(await correct.evaluate((details) => (details as HTMLDetailsElement).open))) {
      await page.getByText('Correct the place, budget or deadline').click();
    }
    const place = page.getByRole('combobox', { name: /^Place \(optional/ });
    await place.fill('lyo');
    await page.getByRole('option', { name: /^Lyon, / }).click();
    const map = page.getByTestId('claim-map');
    await expect(map.locator('path.map-marker')).toHaveCount(1);
    // Away from the zoom buttons (top left) and the centre's dot.
    const area = map.getByRole('img', { name: /click to move it/ });
    const box = await area.boundingBox();
    if (!box) throw new Error('the map has no box');
    await area.click({ position: { x: box.width / 2 + 50, y: box.height / 2 + 30 } });
    await expect(map).toContainText('Task place');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('claim-place')).toHaveText('Lyon');
    await expect(page.getByTestId('claim-total')).toHaveText('$11.50');
    // The next width starts as a stranger again (the claim page has no account menu to sign out from).
    await page.context().clearCookies();
  }
});
