import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

// Issue 21: feedback from any page. A signed-in person opens "Send feedback" in the footer and sends it through
// the server action; a visitor who is not signed in has no form. At 390 px the open form fits.

test('a signed-in person sends feedback from the footer; a visitor has no form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('feedback')).toHaveCount(0);

  await signUpInBrowser(page, 'feedback');
  const footer = page.getByRole('contentinfo');
  await footer.locator('summary').click();
  await footer.getByLabel('Kind').selectOption('idea');
  await footer.getByLabel('Rating (optional)').selectOption('4');
  await footer.getByLabel('Your feedback').fill('Let me save a task as a template.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await footer.getByRole('button', { name: 'Send feedback' }).click();
  await expect(footer.getByText('Thanks — we read every message.')).toBeVisible();
});
