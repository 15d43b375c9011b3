import { expect, test } from '../fixtures';
import { createAgentInBrowser, signInAsAdmin, signUpInBrowser } from './steps';

// Issue 21: an admin suspends an account from /admin/users. The person's open session and its agent's key stop
// working on their very next request (401 saying the account is suspended), the audit log shows who did it, and
// unsuspending gives both back.

test('an admin suspends an operator: its page signs out, its agent key gets 401, the audit log records it', async ({
  page,
  browser,
  request,
  clientIp,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const adminPage = await adminContext.newPage();
  try {
    const email = await signUpInBrowser(page, 'suspended-operator');
    const asAgent = await createAgentInBrowser(page, 'Soon stopped');
    expect((await request.get('/v1/operators/me', { headers: asAgent })).status()).toBe(200);

    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin/users');
    await adminPage.getByLabel('Search users').fill(email);
    await adminPage.getByRole('button', { name: 'Filter' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await row.getByLabel('Reason for suspending').fill('Posting tasks for stolen goods');
    await row.getByRole('button', { name: 'Yes, suspend' }).click();
    await expect(row.getByTestId('moderation-notice')).toContainText('Suspended');
    await expect(row).toContainText('Posting tasks for stolen goods');

    // The agent's key and the person's session stop at once.
    const refused = await request.get('/v1/operators/me', { headers: asAgent });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'This account is suspended' });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);

    // The audit log has the row, with the reason.
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    const entry = adminPage.getByRole('row').filter({ hasText: 'user.suspend' }).first();
    await expect(entry).toContainText('e2e-admin@example.com');
    await expect(entry).toContainText('Posting tasks for stolen goods');
    // …and the credential it acted with: the admin's browser session.
    await expect(entry.getByTestId('audit-credential')).toContainText('session');

    // Unsuspending gives the key back.
    await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const again = adminPage.getByRole('row').filter({ hasText: email });
    await again.getByRole('button', { name: 'Unsuspend' }).click();
    await again.getByRole('button', { name: 'Yes, unsuspend' }).click();
    await expect(again.getByTestId('moderation-notice')).toContainText('Unsuspended');
    expect((await request.get('/v1/operators/me', { headers: asAgent })).status()).toBe(200);
  } finally {
    await adminContext.close();
  }
});
