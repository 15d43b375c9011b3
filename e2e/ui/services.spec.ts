import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, signUpInBrowser } from './steps';

// Issue 22: a worker offers a fixed-price service on /worker/services, an agent finds it near Bordeaux and books
// a slot over the API (funded by its operator's card), and the worker finds the booked task already accepted,
// with the slot on it and its thread open. Bordeaux keeps it off the Lyon maps of the other specs.

const BORDEAUX = { lat: 44.8378, lng: -0.5792 };

test('a worker offers a service, an agent books it over the API, the worker sees the booking with its thread open', async ({
  page,
  request,
  workerPage,
}) => {
  test.setTimeout(180_000);
  // The worker, listed in Bordeaux, offers an hour of errands around the centre for $35.00.
  await becomeListedWorker(workerPage, `Lou ${Date.now()}`, 'Bordeaux');
  await workerPage.goto('/worker');
  await workerPage.getByRole('link', { name: 'Services', exact: true }).click();
  const title = `An hour of errands in Bordeaux ${Date.now()}`;
  const form = workerPage.getByTestId('new-service');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('errand');
  await form.getByLabel('Price (USD)').fill('35');
  await form.getByLabel('Duration (minutes)').fill('60');
  const place = form.getByRole('combobox', { name: 'Area centre' });
  await place.fill('bordea');
  await place.press('ArrowDown');
  await expect(workerPage.getByRole('option', { name: /^Bordeaux, / }).first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await place.press('Enter');
  await form.getByLabel('Radius (km)').fill('10');
  await form.getByRole('button', { name: 'Create service' }).click();
  const offered = workerPage.getByTestId('service').filter({ hasText: title });
  await expect(offered).toContainText('$35.00 · 60 min · within 10 km');

  // The operator has a card and an agent; the agent finds the service near Bordeaux and books tomorrow's slot.
  await signUpInBrowser(page, 'booking-operator');
  await addCardFromPayments(page);
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Errand booker');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const asAgent = { authorization: `Bearer ${(await page.getByTestId('new-key').textContent()) ?? ''}` };
  const found = await request.get(`/v1/services?lat=${BORDEAUX.lat}&lng=${BORDEAUX.lng}&radiusMeters=20000`, {
    headers: asAgent,
  });
  expect(found.status()).toBe(200);
  const service = (await found.json()).data.find((each: { title: string }) => each.title === title);
  expect(service).toMatchObject({ priceCents: 3_500, durationMinutes: 60 });
  const startsAt = new Date(Date.now() + 86_400_000);
  startsAt.setUTCMinutes(0, 0, 0);
  const booked = await request.post(`/v1/services/${service.id}/book`, {
    headers: asAgent,
    data: { startsAt: startsAt.toISOString(), instructions: 'Pick up the dry cleaning first.' },
  });
  expect(booked.status()).toBe(201);
  const task = (await booked.json()).data;
  expect(task).toMatchObject({ status: 'accepted', budgetCents: 3_500, totalCents: 4_025, serviceId: service.id });

  // The worker finds it among their tasks, already accepted, with the slot and an open thread.
  await workerPage.goto('/worker/tasks');
  await workerPage.getByRole('link', { name: title }).first().click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
  await expect(workerPage.getByTestId('booking')).toContainText(`Booked: ${title}`);
  await expect(workerPage.getByTestId('task-instructions')).toContainText('Pick up the dry cleaning first.');
  // Proof waits for the slot (issue 36): the page says when, instead of the form.
  await expect(workerPage.getByTestId('proof-waits')).toContainText('Proof opens when the booked slot starts');
  await expect(workerPage.getByTestId('proof-form')).toHaveCount(0);
  await workerPage.getByTestId('proof-waits').scrollIntoViewIfNeeded();
  await workerPage.screenshot({ path: test.info().outputPath('booking-proof-waits.png') });
  await workerPage.getByLabel('Message').fill('See you tomorrow at the hour.');
  await workerPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(workerPage.getByTestId('thread-message')).toContainText(['See you tomorrow at the hour.']);
  const thread = await request.get(`/v1/tasks/${task.id}/messages`, { headers: asAgent });
  expect((await thread.json()).data[0]).toMatchObject({
    body: 'See you tomorrow at the hour.',
    senderSide: 'worker',
  });
});
