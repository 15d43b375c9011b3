import { expect, test } from '../fixtures';
import { ACCEPT_TERMS_LABEL, enterTestCard } from './steps';

// The claim page completes the account (issue 36, point 5): the Terms box by the pay button is required (by the
// browser, and by the server when the browser's check is bypassed), the unpaid claim waits on the dashboard, the
// agent gets the name the human types, and once paid the page opens the task itself. At a desktop and a phone width.

for (const width of [1280, 390]) {
  test(`at ${width} px: Terms before paying, the unpaid claim on the dashboard, then the task link`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const title = `Photograph the shelf at aisle ${width}`;
    const proposed = await request.post('/v1/tasks/propose', { data: { task: { title, budgetCents: 1000 } } });
    expect(proposed.status()).toBe(201);
    const { data: proposal } = await proposed.json();
    const claimPath = new URL(proposal.humanClaimUrl).pathname;
    const poll = async () => (await (await request.get(`/v1/agents/claim/${proposal.claimToken}`)).json()).data;

    // A new email and a card, then away before paying.
    await page.goto(claimPath);
    await page.getByLabel('Your email').fill(`e2e-claim-page-${width}-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add a card' }).click();
    await enterTestCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('claim-card')).toContainText('4242');

    // The dashboard asks for the unpaid claim and a password, and leads back to the claim page.
    await page.goto('/dashboard');
    const needs = page.getByTestId('needs-action');
    await expect(needs.getByTestId('action-password')).toContainText('Set a password');
    await expect(needs.getByTestId('action-claim')).toContainText('To pay and post ($11.50):');
    await page.screenshot({ path: test.info().outputPath(`dashboard-pending-claim-${width}.png`), fullPage: true });
    await needs.getByTestId('action-claim').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${claimPath}$`));

    // The agent's name is asked for, prefilled after the task.
    const form = page.getByTestId('claim-pay-form');
    const agentName = form.getByLabel('Name your agent');
    await expect(agentName).toHaveValue(`Agent for “${title}”`);
    await agentName.fill(`Shelf checker ${width}`);

    // The box is required: the browser will not send the form without it, and nothing is paid.
    const terms = form.getByLabel(ACCEPT_TERMS_LABEL);
    await expect(terms).not.toBeChecked();
    const pay = page.getByRole('button', { name: 'Pay $11.50 and post the task' });
    await pay.click();
    expect(await terms.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
    await expect(page.getByTestId('claim-done')).toHaveCount(0);
    // With the browser's check taken away, the server refuses it in words, and charges nothing.
    await terms.evaluate((box) => box.removeAttribute('required'));
    await pay.click();
    await expect(form.getByRole('alert')).toHaveText(
      'Nothing was charged: accept the Terms and the Privacy Policy to pay.',
    );
    await expect(form).toContainText('Accept the Terms and the Privacy Policy to pay');
    await expect(agentName).toHaveValue(`Shelf checker ${width}`);
    expect(await poll()).toEqual({ status: 'pending', taskId: proposal.task.id });
    await page.screenshot({ path: test.info().outputPath(`claim-terms-refused-${width}.png`), fullPage: true });

    await terms.check();
    await pay.click();
    await expect(page.getByTestId('claim-done')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`claim-paid-${width}.png`), fullPage: true });
    const claimed = await poll();
    expect(claimed).toMatchObject({ status: 'claimed', agent: { name: `Shelf checker ${width}` } });

    // The task link opens the task's own page.
    await page.getByTestId('claim-task-link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tasks/${proposal.task.id}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`claim-task-page-${width}.png`), fullPage: true });

    // Paid: the dashboard no longer lists the claim.
    await page.goto('/dashboard');
    await expect(page.getByTestId('needs-action').getByTestId('action-claim')).toHaveCount(0);
  });
}
