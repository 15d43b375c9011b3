import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, createAgentInBrowser, signInAsAdmin, signUpInBrowser } from './steps';

// Issue 36, point 8: admins see the people behind agents. An operator (named, with a card) runs an agent that posts
// a task; a worker accepts it and opens a dispute. Staff see the operator's name and email on the agent's row of
// /admin/users (linked to the operator's own row), on the dispute page next to the agent as requester, the overview
// counts people apart from agents, and once resolved the audit log says where the money went. At 1280 and 390 px.

const BORDEAUX = { lat: 44.8378, lng: -0.5792, address: 'Place de la Bourse, Bordeaux' };
const WIDTHS = [1280, 390] as const;

test('staff see the operator behind an agent on the users list, a dispute page and the audit log', async ({
  page,
  browser,
  request,
  clientIp,
}) => {
  test.setTimeout(240_000);
  const headers = { extraHTTPHeaders: { 'x-forwarded-for': clientIp } };
  const workerContext = await browser.newContext(headers);
  const adminContext = await browser.newContext(headers);
  const workerPage = await workerContext.newPage();
  const adminPage = await adminContext.newPage();
  try {
    // The operator gives a name, adds a card and creates an agent.
    const stamp = Date.now();
    const operatorName = `Olive Operator ${stamp}`;
    const agentName = `Errand bot ${stamp}`;
    const email = await signUpInBrowser(page, 'people-operator');
    await page.goto('/settings');
    await page.getByTestId('name-form').getByLabel('Name').fill(operatorName);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('name-form')).toContainText('Saved');
    await addCardFromPayments(page);
    const asAgent = await createAgentInBrowser(page, agentName);
    await becomeListedWorker(workerPage, `Wren ${stamp}`, 'Bordeaux');

    // The agent posts a task, the worker accepts it and disputes it.
    const title = `Count the bikes at the Bourse ${stamp}`;
    const created = await request.post('/v1/tasks', {
      headers: asAgent,
      data: {
        title,
        category: 'photography',
        location: BORDEAUX,
        budgetCents: 2_000,
        deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        proofRequirements: ['photo'],
      },
    });
    expect(created.status()).toBe(201);
    const task = (await created.json()).data;
    await workerPage.goto(`/worker/tasks/${task.id}`);
    await workerPage.getByRole('button', { name: 'Accept task' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
    await workerPage.getByRole('button', { name: 'Open a dispute' }).click();
    await workerPage.getByLabel('Reason').fill('The rack was fenced off; I counted from the street');
    await workerPage.getByRole('button', { name: 'Open dispute' }).click();
    await expect(workerPage.getByTestId('task-status')).toHaveText('disputed');

    await signInAsAdmin(adminPage);
    for (const width of WIDTHS) {
      await adminPage.setViewportSize({ width, height: width > 800 ? 900 : 844 });

      // The overview counts people apart from agents.
      await adminPage.goto('/admin');
      await expect(adminPage.getByTestId('stat-users')).toContainText(/\d+ (person|people), \d+ agents?/);

      // The agent's row names its operator, with email, linked to the operator's own row.
      await adminPage.goto(`/admin/users?q=${encodeURIComponent(agentName)}`);
      await expect(adminPage.getByTestId('user-counts')).toHaveText(/^\d[\d,]* (person|people), \d[\d,]* agents?$/);
      const row = adminPage.getByTestId('user-row').filter({ hasText: agentName });
      await expect(row).toHaveCount(1);
      const operatorLine = row.getByTestId('operator');
      await expect(operatorLine).toContainText(operatorName);
      await expect(operatorLine).toContainText(email);
      await adminPage.screenshot({ path: test.info().outputPath(`users-${width}.png`), fullPage: true });
      await operatorLine.getByRole('link', { name: operatorName }).click();
      await expect(adminPage.getByTestId('user-row')).toHaveCount(1);
      await expect(adminPage.getByTestId('user-row')).toContainText(email);

      // The dispute page shows the operator behind the agent that requested the task.
      await adminPage.goto('/admin/disputes');
      await adminPage.getByTestId('dispute-row').filter({ hasText: title }).getByRole('link', { name: title }).click();
      const requester = adminPage.getByTestId('dispute-requester');
      await expect(requester).toContainText(agentName);
      await expect(requester.getByTestId('operator')).toContainText(`${operatorName} · ${email}`);
      await expect(adminPage.getByTestId('dispute-worker').getByTestId('operator')).toHaveCount(0);
      await adminPage.screenshot({ path: test.info().outputPath(`dispute-${width}.png`), fullPage: true });
      expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // Resolved as a split, the audit log says what the resolution did with the money.
    await adminPage.getByLabel('Split').check();
    await adminPage.getByLabel('Worker gets (USD)').fill('12');
    await adminPage.getByLabel('Note').fill('Counted from the street: half the work.');
    await adminPage.getByRole('button', { name: 'Resolve dispute' }).click();
    await adminPage.getByRole('button', { name: 'Yes, resolve' }).click();
    await expect(adminPage.getByTestId('dispute-status')).toHaveText('resolved');
    const disputeId = adminPage.url().split('/admin/disputes/')[1]?.split('?')[0] ?? '';
    for (const width of WIDTHS) {
      await adminPage.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await adminPage.goto(`/admin/audit-log?targetId=${disputeId}`);
      await expect(adminPage.getByTestId('audit-resolution')).toHaveText(
        'Split: $12.00 to the worker, $9.20 refunded, $1.80 platform fee',
      );
      await adminPage.screenshot({ path: test.info().outputPath(`audit-${width}.png`), fullPage: true });
    }
  } finally {
    await workerContext.close();
    await adminContext.close();
  }
});
