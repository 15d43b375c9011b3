import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, signUpInBrowser } from './steps';

// Issue 36, point 7: evidence next to the decision. On a submitted task the requester sees the proof first (photos
// at full width, the note, the position on a map only when there is one) with Approve, Request revision and
// Dispute right under it; a worker's empty proof is refused on their form with the rule in words.

const WIDTHS = [1280, 390] as const;

/** A requester with a card and an agent, signed in on `page`; returns the agent's key. */
async function requesterWithAgent(page: Page): Promise<string> {
  await signUpInBrowser(page, 'proof-first');
  await addCardFromPayments(page);
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Evidence agent');
  await page.getByRole('button', { name: 'Create agent' }).click();
  return (await page.getByTestId('new-key').textContent()) ?? '';
}

/** A task posted by the agent (in Lyon, or remote without `located`), asking for a photo unless told otherwise. */
async function postTask(
  request: APIRequestContext,
  agentKey: string,
  title: string,
  located: boolean,
  proofRequirements: string[] = ['photo'],
) {
  const res = await request.post('/v1/tasks', {
    headers: { authorization: `Bearer ${agentKey}` },
    data: {
      title,
      category: 'photography',
      budgetCents: 2_000,
      proofRequirements,
      ...(located ? { location: { lat: 45.7605, lng: 4.8412, address: 'Rue de la République, Lyon' } } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as string;
}

/** The sandbox worker accepts and submits its proof: a note, a photo, and the task's place as its position. */
async function submittedBySandbox(request: APIRequestContext, agentKey: string, taskId: string) {
  for (const action of ['accept', 'submit']) {
    const res = await request.post(`/v1/sandbox/tasks/${taskId}/simulate`, {
      headers: { authorization: `Bearer ${agentKey}` },
      data: { action },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Where `locator` sits on the whole page: its top and bottom (scroll included) and its width. */
async function span(page: Page, locator: ReturnType<Page['getByTestId']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  const scrollY = await page.evaluate(() => window.scrollY);
  return { top: box.y + scrollY, bottom: box.y + scrollY + box.height, width: box.width };
}

test('on a submitted task the proof comes first, the decision right under it; no empty map', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agentKey = await requesterWithAgent(page);
  const located = await postTask(request, agentKey, `Shop front in Lyon ${Date.now()}`, true);
  const remote = await postTask(request, agentKey, `Remote photo ${Date.now()}`, false);
  await submittedBySandbox(request, agentKey, located);
  await submittedBySandbox(request, agentKey, remote);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, taskId] of [
      ['located', located],
      ['remote', remote],
    ] as const) {
      await page.goto(`/dashboard/tasks/${taskId}`);
      await expect(page.getByTestId('task-status')).toHaveText('submitted');
      const evidence = page.getByTestId('task-evidence');
      await expect(evidence.getByTestId('proof-note')).toContainText('Sandbox worker: done');
      await expect(evidence.getByTestId('proof-photo')).toHaveCount(1);

      // The proof, then the three decisions right under it, before the task's facts.
      const proof = await span(page, evidence);
      const actions = page.getByTestId('task-actions');
      const approve = await span(page, actions.getByRole('button', { name: 'Approve and pay' }));
      const revise = await span(page, actions.getByRole('button', { name: 'Request revision' }));
      const dispute = await span(page, actions.getByRole('button', { name: 'Open a dispute' }));
      const facts = await span(page, page.getByTestId('task-location'));
      expect(proof.bottom).toBeLessThanOrEqual(approve.top);
      expect(approve.top).toBeLessThan(revise.top + 1);
      expect(Math.max(approve.bottom, revise.bottom, dispute.bottom)).toBeLessThan(facts.top);
      // The photo at the card's width, not a thumbnail.
      const photo = await span(page, evidence.getByTestId('proof-photo'));
      expect(photo.width).toBeGreaterThan(proof.width - 60);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      if (name === 'located') {
        // The position on the map inside the proof, beside the task's place; no second map further down.
        await expect(evidence.getByTestId('proof-location')).toBeVisible();
        await expect(evidence.getByTestId('task-place').locator('path.map-marker')).toHaveCount(2);
        await expect(page.getByTestId('task-map')).toHaveCount(1);
      } else {
        // No position, no place: no map box at all.
        await expect(evidence.getByTestId('proof-location')).toHaveCount(0);
        await expect(page.getByTestId('task-place')).toHaveCount(0);
        await expect(page.getByTestId('task-map')).toHaveCount(0);
      }
      await page.screenshot({ path: test.info().outputPath(`requester-${name}-${width}.png`), fullPage: true });
    }
  }
});

test('the worker’s proof form refuses an empty proof with the rule in words', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const agentKey = await requesterWithAgent(page);
  const workerContext = await browser.newContext();
  const workerPage = await workerContext.newPage();
  try {
    await becomeListedWorker(workerPage);
    for (const width of WIDTHS) {
      await workerPage.setViewportSize({ width, height: 900 });
      // A task that asks for nothing in particular, so only the rule every proof follows stands in the way.
      const taskId = await postTask(request, agentKey, `Empty proof at ${width} ${Date.now()}`, true, []);
      await workerPage.goto(`/worker/tasks/${taskId}`);
      await workerPage.getByRole('button', { name: 'Accept task' }).click();
      await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');

      const form = workerPage.getByTestId('proof-form');
      await form.getByRole('button', { name: 'Submit proof' }).click();
      const message = form.getByText('Note: Add a note or at least one photo');
      await expect(message).toBeVisible();
      await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
      const status = await request.get(`/v1/tasks/${taskId}`, { headers: { authorization: `Bearer ${agentKey}` } });
      expect((await status.json()).data.status).toBe('accepted');
      await message.scrollIntoViewIfNeeded();
      await workerPage.screenshot({ path: test.info().outputPath(`worker-empty-proof-${width}.png`) });

      // With a note it goes through.
      await form.getByLabel('Note').fill('Done: the shop front.');
      await form.getByRole('button', { name: 'Submit proof' }).click();
      await expect(workerPage.getByTestId('task-status')).toHaveText('submitted');
    }
  } finally {
    await workerContext.close();
  }
});
