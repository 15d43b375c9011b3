import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addCardFromPayments, createAgentInBrowser, signUpInBrowser } from './steps';

// Issue 36, point 9 (one way to say each thing): a skip link on every page, a favicon, an account menu that moves
// with the arrow keys, and a thread box that says (and does) Enter to send, Shift+Enter for a new line.

const WIDTHS = [1280, 390] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** A requester with a card and an agent, and a remote task of that agent's accepted by the sandbox worker. */
async function acceptedTask(page: Page, request: APIRequestContext): Promise<{ email: string; taskId: string }> {
  const email = await signUpInBrowser(page, 'one-way');
  await addCardFromPayments(page);
  const headers = await createAgentInBrowser(page, 'One way agent');
  const created = await request.post('/v1/tasks', {
    headers,
    data: { title: `Count the chairs ${Date.now()}`, category: 'data_collection', budgetCents: 2_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const taskId: string = (await created.json()).data.id;
  const accepted = await request.post(`/v1/sandbox/tasks/${taskId}/simulate`, { headers, data: { action: 'accept' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, taskId };
}

test('the first Tab shows "Skip to content", which jumps to the main content', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/login');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveAttribute('href', '#main');
    // Hidden until focused: a 1 px screen-reader box, then a real one.
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(60);
    await shot(page, `skip-link-${width}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main#main')).toBeFocused();
  }
});

test('the favicon is linked from every page and served', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('head link[rel="icon"]').first().getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href ?? '');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
});

test('the account menu moves with the arrow keys; the thread says and does Enter to send', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, taskId } = await acceptedTask(page, request);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: `Signed in as ${email}` });
    const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    const item = (name: string) => menu.getByRole(name === 'Sign out' ? 'button' : 'link', { name, exact: true });

    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(item('Dashboard')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Worker')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('Sign out')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Dashboard')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Sign out')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item('Dashboard')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await shot(page, `account-menu-keys-${width}`);
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    // Up on the closed button opens it on the last item.
    await page.keyboard.press('ArrowUp');
    await expect(item('Sign out')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(item('Sign out')).toBeHidden();

    await page.goto(`/dashboard/tasks/${taskId}`);
    await expect(page.getByTestId('task-status')).toHaveText('accepted');
    const box = page.getByLabel('Message');
    await expect(page.getByText('Enter to send, Shift+Enter for a new line')).toBeVisible();
    await expect(box).toHaveAttribute('aria-describedby', /hint/);
    await box.fill(`First line at ${width}`);
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    await expect(box).toHaveValue(`First line at ${width}\nsecond line`);
    await expect(page.getByTestId('thread-message').filter({ hasText: `at ${width}` })).toHaveCount(0);
    await box.press('Enter');
    const sent = page.getByTestId('thread-message').filter({ hasText: `First line at ${width}` });
    await expect(sent).toHaveCount(1);
    expect(await sent.locator('p').first().textContent()).toBe(`First line at ${width}\nsecond line`);
    await expect(box).toHaveValue('');
    // Enter on an empty box sends nothing.
    await box.press('Enter');
    await expect(page.getByTestId('thread-message').filter({ hasText: `at ${width}` })).toHaveCount(1);
    await sent.scrollIntoViewIfNeeded();
    await shot(page, `thread-hint-${width}`);
  }
});
