import { expect, test } from '../fixtures';
import { addCardFromPayments, becomeListedWorker, signUpInBrowser } from './steps';

// Issue 20, reply-by-email: a worker's message reaches the requester by email (the notification job's email,
// with `Reply-To: reply+<token>@REPLY_DOMAIN`); the requester answers from /dev/mailbox's Reply box, which makes
// the same Svix-signed `email.received` call Resend would to the service's own webhook (test mode: no
// RESEND_API_KEY, the built-in test secret), and the worker sees the answer in the thread.

test('the requester answers a thread email from /dev/mailbox and the worker sees the reply in the thread', async ({
  page,
  request,
  workerPage,
}) => {
  test.setTimeout(180_000);
  const operatorEmail = await signUpInBrowser(page, 'reply-operator');
  await addCardFromPayments(page);
  await page.goto('/dashboard/agents');
  await page.getByLabel('Agent name').fill('Reply scout');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const agentKey = (await page.getByTestId('new-key').textContent()) ?? '';

  await becomeListedWorker(workerPage, `Rhea ${Date.now()}`);
  const title = `Check the bakery opening hours ${Date.now()}`;
  const created = await request.post('/v1/tasks', {
    headers: { authorization: `Bearer ${agentKey}` },
    data: {
      title,
      category: 'photography',
      location: { lat: 45.7605, lng: 4.8412, address: 'Rue de la République, Lyon' },
      budgetCents: 2_000,
      deadline: new Date(Date.now() + 2 * 24 * 3_600_000).toISOString(),
      requiredSkills: ['photography'],
      proofRequirements: ['photo'],
    },
  });
  expect(created.status()).toBe(201);
  const task = (await created.json()).data;

  await workerPage.goto(`/worker/tasks/${task.id}`);
  await workerPage.getByRole('button', { name: 'Accept task' }).click();
  await expect(workerPage.getByTestId('task-status')).toHaveText('accepted');
  await workerPage.getByLabel('Message').fill('The bakery is closed today. Shall I come back tomorrow?');
  await workerPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(workerPage.getByTestId('thread-message')).toHaveCount(1);

  // The notification job emails the requester about the message, with a reply address: its Reply box. The
  // acceptance email has a Reply box too and may land first, so the locator names the message's text.
  const threadEmail = page
    .getByTestId('email')
    .filter({ hasText: operatorEmail })
    .filter({ hasText: 'The bakery is closed today' })
    .filter({ has: page.getByTestId('email-reply') })
    .first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(threadEmail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  await threadEmail.getByLabel(/^Reply/).fill('Yes please, tomorrow morning is fine.');
  await threadEmail.getByRole('button', { name: 'Send reply' }).click();
  await expect(threadEmail).toContainText('Sent: the reply went to the inbound email webhook');

  // The worker's thread shows the answer, without the quoted email under it.
  await expect(workerPage.getByTestId('thread-message')).toHaveCount(2, { timeout: 15_000 });
  await expect(workerPage.getByTestId('thread-message').last()).toHaveText(/Yes please, tomorrow morning is fine\./);
  await expect(workerPage.getByTestId('thread-message').last()).not.toContainText('wrote:');
});
