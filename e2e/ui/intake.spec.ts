import { expect, test } from '../fixtures';
import { textTheService } from '../telnyx';
import { enterTestCard, inDays, payClaim, signInAsAdmin } from './steps';

// Issue 19: the SMS concierge. A person texts the service; staff answer by SMS on /admin/intake and convert the
// conversation into a task; the claim link reaches the person by SMS; they pay on the claim page with an email
// and a card, and the task is posted.

test('a text becomes a posted task: staff reply and convert, the person claims with an email and card 4242', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = `+1415555${String(Date.now()).slice(-4)}`;
  const texted = await textTheService(
    request,
    phone,
    'Need someone to photograph a bakery front in Bordeaux by Friday',
  );
  expect(texted.status()).toBe(200);
  expect(await texted.json()).toEqual({ received: true });

  await signInAsAdmin(page);
  await page.getByRole('button', { name: /Signed in as/ }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'SMS intake' }).click();
  await expect(page).toHaveURL(/\/admin\/intake$/);
  const row = page.getByTestId('intake-row').filter({ hasText: phone });
  await expect(row).toContainText('1 unread');
  await row.getByRole('link').first().click();

  await expect(page.getByTestId('intake-message')).toContainText(['Need someone to photograph a bakery front']);
  await page.getByLabel('Reply by SMS').fill('Happy to help. What budget do you have in mind?');
  await page.getByRole('button', { name: 'Send text' }).click();
  await expect(page.getByTestId('intake-message').last()).toContainText('What budget do you have in mind?');
  await expect(page.getByTestId('intake-message').last()).toContainText('Staff');

  // The person answers; staff convert the conversation with the task form, prefilled from the texts.
  await textTheService(request, phone, '$25 is fine');
  await page.reload();
  await expect(page.getByTestId('intake-message').last()).toContainText('$25 is fine');
  await expect(page.getByLabel('Description')).toHaveValue(/photograph a bakery front/);
  await page.getByLabel('Title').fill('Photograph the bakery front');
  // The city the person named is picked already (the gazetteer); Bordeaux keeps this task off the Lyon maps of
  // the other specs.
  await expect(page.getByTestId('picked-city')).toContainText('Bordeaux, FR');
  await page.getByLabel(/^Budget/).fill('25');
  await page.getByLabel('Deadline').fill(inDays(3));
  await page.getByRole('button', { name: 'Convert and text the claim link' }).click();
  await expect(page.getByTestId('intake-status')).toHaveText('converted');
  const linkText = (await page.getByTestId('intake-message').last().locator('p').first().textContent()) ?? '';
  const claimUrl = /https?:\/\/\S+\/claim\/[A-Za-z0-9_-]+/.exec(linkText)?.[0];
  expect(claimUrl).toBeTruthy();

  // The person follows the texted link in their own browser: email, card, pay.
  const person = await browser.newPage();
  await person.goto(new URL(claimUrl ?? '').pathname);
  await expect(person.getByTestId('claim-task-title')).toHaveText('Photograph the bakery front');
  await expect(person.getByTestId('claim-total')).toHaveText('$28.75');
  // No agent behind an intake claim: nothing to cap, so no spending-limit note.
  await expect(person.getByTestId('claim-spending-limit')).toHaveCount(0);
  await person.getByLabel('Your email').fill(`e2e-sms-${Date.now()}@example.com`);
  await person.getByRole('button', { name: 'Continue' }).click();
  await person.getByRole('button', { name: 'Add a card' }).click();
  await enterTestCard(person, '4242 4242 4242 4242');
  await payClaim(person, '$28.75');
  await expect(person.getByTestId('claim-done')).toBeVisible();
  await person.close();

  await page.reload();
  await expect(page.getByTestId('intake-status')).toHaveText('converted');
  await expect(page.getByTestId('intake-task-status')).toHaveText('posted');
});
