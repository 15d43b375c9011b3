import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

// The docs as pages: the API reference (an index at /docs, a page per tag under /docs/reference) with its
// sidebar, search, anchors and Try it, and the agent guide as HTML with this site's URL; both fit a 390 px phone.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('the API reference filters by search and its sidebar links to an operation', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Legwork API', level: 1 })).toBeVisible();
  const total = Number((await page.getByTestId('operation-count').first().textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThan(50);
  expect(await page.getByRole('main').textContent()).not.toContain('`');

  await page.getByRole('searchbox', { name: 'Search operations' }).fill('webhook deliveries');
  await expect(page.getByTestId('operation-count').first()).toHaveText(new RegExp(`of ${total} operations`));
  await expect(page.locator('#getCurrentUser')).toHaveCount(0);
  const sidebar = page.getByRole('navigation', { name: 'Operations' }).first();
  const link = sidebar.getByRole('link', { name: /The delivery log of an endpoint/ });
  const href = await link.getAttribute('href');
  // From the index, an operation's link leads to its tag's page, at its anchor.
  expect(href).toMatch(/^\/docs\/reference\/webhooks#\w+$/);
  const anchor = (href as string).slice((href as string).indexOf('#'));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  const operation = page.locator(anchor);
  await expect(operation).toBeInViewport();
  await expect(operation).toContainText('/deliveries');
  await expect(operation.getByRole('link', { name: /^Link to / })).toHaveAttribute('href', anchor);
  // On the tag's page the sidebar still lists every operation: this tag's within the page, others on theirs.
  const tagSidebar = page.getByRole('navigation', { name: 'Operations' }).first();
  await expect(tagSidebar.getByRole('link', { name: /The delivery log of an endpoint/ })).toHaveAttribute(
    'href',
    anchor,
  );
  await expect(tagSidebar.getByRole('link', { name: /^POST Create and fund a task/ })).toHaveAttribute(
    'href',
    '/docs/reference/tasks#createTask',
  );
  // No literal backticks anywhere, schemas included: code spans are rendered as code.
  await page.goto('/docs/reference/tasks');
  expect(await page.getByRole('main').textContent()).not.toContain('`');

  await page.goto('/docs');
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('no such operation at all');
  await expect(page.getByText('No operation matches')).toBeVisible();
});

test('an old link to /docs#<operation> still lands on the operation, which links to its page', async ({ page }) => {
  await page.goto('/docs#createTask');
  const entry = page.locator('#createTask');
  await expect(entry).toBeInViewport();
  await entry.getByRole('link').click();
  await expect(page).toHaveURL(/\/docs\/reference\/tasks#createTask$/);
  await expect(page.locator('#createTask')).toContainText('Try it');
});

test('Try it sends as the signed-in person, with a body prefilled from the schema', async ({ page }) => {
  const email = await signUpInBrowser(page, 'docs');
  await page.goto('/docs/reference/users');
  // Signed in, the default is a test key made for the tab (issue 36 point 3, e2e/ui/try-it-money.spec.ts).
  await expect(page.getByRole('radio', { name: 'A test key for this tab (no real money)' })).toBeChecked();
  await page.getByRole('radio', { name: `You (${email})` }).check();

  const me = page.locator('#getCurrentUser');
  await me.getByText('Try it').click();
  await me.getByRole('button', { name: 'Send GET' }).click();
  await expect(me.getByTestId('try-it-result')).toContainText('200');
  await expect(me.getByTestId('try-it-result')).toContainText(email);

  // The choice of credentials holds for the tab, on every tag's page.
  await page.goto('/docs/reference/tasks');
  await expect(page.getByRole('radio', { name: `You (${email})` })).toBeChecked();
  const createTask = page.locator('#createTask');
  await createTask.getByText('Try it').click();
  const body = JSON.parse(await createTask.getByLabel('JSON body').inputValue());
  expect(body).toEqual({ title: 'Example title', budgetCents: 500 });

  // A pasted key is used instead once chosen (a malformed one is refused as such).
  await page.getByRole('radio', { name: 'An API key' }).check();
  await page.getByRole('textbox', { name: 'API key' }).fill('lgw_test_not-a-real-key');
  await page.goto('/docs/reference/users');
  await me.getByText('Try it').click();
  await me.getByRole('button', { name: 'Send GET' }).click();
  await expect(me.getByTestId('try-it-result')).toContainText('401');
});

test('the agent guide is a page with working links and this site’s URL; its Markdown is at /docs/agents.md', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/docs/agents');
  await expect(page.getByRole('heading', { name: 'Legwork for agents', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'The sandbox', exact: true }).click();
  await expect(page).toHaveURL(/#the-sandbox$/);
  await expect(page.getByRole('heading', { name: 'The sandbox', level: 2 })).toBeInViewport();
  const text = await page.getByRole('main').textContent();
  expect(text).toContain(`${baseURL}/v1/mcp`);
  expect(text).not.toContain('legwork.example');

  const markdown = await request.get('/docs/agents.md');
  expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  expect(await markdown.text()).toMatch(/^# Legwork for agents/);
});

test('/docs and /docs/agents have no horizontal scroll at 390 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/docs');
  await expectNoHorizontalScroll(page);
  // The sidebar is a collapsible list above the operations on a phone.
  await page.getByText('Operations by tag').click();
  await expect(page.getByRole('navigation', { name: 'Operations' }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto('/docs/reference/tasks');
  await expectNoHorizontalScroll(page);
  const tasks = page.locator('#createTask');
  await tasks.getByText('Schemas and responses').click();
  await tasks.getByText('Try it').click();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('docs-reference-tasks-390.png') });

  await page.goto('/docs/agents');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('docs-agents-390.png') });
});
