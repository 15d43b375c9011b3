import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { becomeListedWorker, enterTestCard, PHOTO, signUpInBrowser } from './steps';

// Issue 18, point 2: the Overview's getting-started checklist ticks from real state and its "Needs your action"
// list shows proof waiting for review; the requester's task list filters and pages in the URL; the worker's
// board filters open tasks and pins their active ones on top. Each page fits 390 px without horizontal scroll.

const DAY = 24 * 3_600_000;

async function fitsPhoneWidth(page: Page, path: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  // The page's own content (the shared header is the app shell's, checked by its own spec).
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.querySelector('main')?.scrollWidth ?? Number.POSITIVE_INFINITY,
    window.innerWidth,
  ]);
  await page.screenshot({
    path: test.info().outputPath(`${path.split('?')[0]?.replaceAll('/', '_')}-390.png`),
    fullPage: true,
  });
  expect(scrollWidth, `${path} at 390 px`).toBeLessThanOrEqual(innerWidth);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the overview checklist and needs-action list, filtered and paged tasks, the worker’s pinned task', async ({
  page,
  request,
  workerPage,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A new requester: nothing is ticked; "Add a card" leads to Payments, and after it the step is done.
  await signUpInBrowser(page, 'lists-operator');
  const step = (id: string) => page.getByTestId(`checklist-${id}`).getByTestId('checklist-state');
  await expect(step('card')).toHaveAttribute('data-done', 'false');
  await expect(step('agent-or-task')).toHaveAttribute('data-done', 'false');
  await expect(step('worker')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('new-task')).toHaveAttribute('href', '/dashboard/tasks/new');
  await expect(page.getByTestId('needs-action')).toContainText('Nothing waits for you.');
  await page.getByTestId('checklist-card').getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  await enterTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('card-on-file')).toContainText('4242');
  await page.goto('/dashboard');
  await expect(step('card')).toHaveAttribute('data-done', 'true');
  await expect(step('agent-or-task')).toHaveAttribute('data-done', 'false');

  // An agent ticks the second step.
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('List scout');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const agentKey = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(agentKey).toMatch(/^lgw_/);
  const asAgent = { authorization: `Bearer ${agentKey}` };
  await page.goto('/dashboard');
  await expect(step('agent-or-task')).toHaveAttribute('data-done', 'true');

  // The agent keeps 21 drafts and posts one task in Lyon.
  const stamp = Date.now();
  const body = {
    description: 'Photos of the shelf, price tags readable.',
    category: 'photography',
    budgetCents: 2_000,
    deadline: new Date(Date.now() + 2 * DAY).toISOString(),
  };
  for (let i = 0; i < 21; i++) {
    const draft = await request.post('/v1/tasks', {
      headers: asAgent,
      data: { ...body, title: `Draft shelf ${stamp} #${i}`, draft: true },
    });
    expect(draft.status()).toBe(201);
  }
  const title = `Photograph the shelf ${stamp}`;
  const created = await request.post('/v1/tasks', {
    headers: asAgent,
    data: {
      ...body,
      title,
      location: { lat: 45.7605, lng: 4.8412, address: 'Rue de la République, Lyon' },
      requiredSkills: ['photography'],
      proofRequirements: ['photo'],
    },
  });
  expect(created.status()).toBe(201);
  const task = (await created.json()).data;

  // The worker filters the board, accepts, and finds the task pinned above the open ones.
  await becomeListedWorker(workerPage);
  await workerPage.goto('/worker/tasks');
  const filters = workerPage.getByTestId('open-task-filters');
  await filters.getByLabel('Category').selectOption('photography');
  await filters.getByLabel('Minimum pay ($)').fill('5000');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(workerPage).toHaveURL(/category=photography/);
  await expect(workerPage.getByTestId('open-task').filter({ hasText: title })).toHaveCount(0);
  await filters.getByLabel('Minimum pay ($)').fill('20');
  await filters.getByLabel('Distance').selectOption('5');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(workerPage).toHaveURL(/minPay=20/);
  const listed = workerPage.getByTestId('open-task').filter({ hasText: title });
  await expect(listed).toContainText('Photography');
  await listed.getByRole('link', { name: title }).click();
  await workerPage.getByRole('button', { name: 'Accept task' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
  await workerPage.goto('/worker/tasks');
  await expect(workerPage.getByTestId('active-task').filter({ hasText: title })).toContainText('accepted');
  const pinnedBox = await workerPage.getByRole('heading', { name: 'Your active tasks' }).boundingBox();
  const filtersBox = await filters.boundingBox();
  expect(pinnedBox && filtersBox && pinnedBox.y < filtersBox.y).toBe(true);
  await fitsPhoneWidth(workerPage, '/worker/tasks');

  // Proof with a photo: the requester's Overview asks them to review it.
  await workerPage.goto(`/worker/tasks/${task.id}`);
  await workerPage.getByLabel('Photos').setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: PHOTO });
  await workerPage.getByLabel('Note').fill('Shelf photographed.');
  await workerPage.getByRole('button', { name: 'Submit proof' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');
  await page.goto('/dashboard');
  const review = page.getByTestId('action-review').filter({ hasText: title });
  await expect(review).toBeVisible();
  await expect(page.getByTestId('recent-task').first()).toContainText(title);
  await fitsPhoneWidth(page, '/dashboard');
  await review.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/tasks/${task.id}$`));

  // The task list: search and status in the URL, 20 a page, the 21st on the next; reload and Back keep them.
  await page.goto('/dashboard/tasks');
  const form = page.getByTestId('task-filters');
  await form.getByLabel('Search titles').fill(`Draft shelf ${stamp}`);
  await form.getByLabel('Status').selectOption('draft');
  await form.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByTestId('task-row')).toHaveCount(20);
  await expect(page.getByTestId('task-row').first()).toContainText(`#20`);
  await page.getByRole('link', { name: 'Older tasks' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByTestId('task-row')).toHaveCount(1);
  await expect(page.getByTestId('task-row')).toContainText(`Draft shelf ${stamp} #0`);
  await page.reload();
  await expect(page.getByTestId('task-row')).toHaveCount(1);
  await expect(form.getByLabel('Status')).toHaveValue('draft');
  await page.goBack();
  await expect(page.getByTestId('task-row')).toHaveCount(20);
  await fitsPhoneWidth(page, page.url().replace(/^https?:\/\/[^/]+/, ''));

  // By status and agent: the submitted task, requested by the agent.
  await page.goto('/dashboard/tasks');
  await form.getByLabel('Status').selectOption('submitted');
  await form.getByLabel('Requested by').selectOption({ label: 'List scout' });
  await form.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('task-row')).toHaveCount(1);
  await expect(page.getByTestId('task-row')).toContainText(title);
  await expect(page.getByTestId('task-row')).toContainText('List scout');
  await form.getByLabel('Requested by').selectOption('me');
  await form.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No tasks match these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tasks$/);
  await fitsPhoneWidth(page, '/dashboard/tasks');
});
