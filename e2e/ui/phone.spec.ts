import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signUpInBrowser } from './steps';

/** A fresh US number libphonenumber accepts, as E.164. */
const uniquePhone = () =>
  `+1415${200 + Math.floor(Math.random() * 800)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/** The code in the newest text to `phone`, read from /dev/mailbox's "Text messages". */
async function textedCode(page: Page, phone: string): Promise<string> {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Text messages' })).toBeVisible();
  const text = page.getByTestId('sms').filter({ hasText: phone }).first();
  await expect(text).toContainText('Your Legwork code is');
  const match = ((await text.textContent()) ?? '').match(/Your Legwork code is (\d{6})\./);
  if (!match?.[1]) throw new Error(`no code in the text to ${phone}`);
  return match[1];
}

test('a phone number set on /settings is verified with the code texted to it', async ({ page }) => {
  await signUpInBrowser(page, 'phone');
  await page.goto('/settings');
  const card = page.getByTestId('phone-card');
  await expect(card).toContainText('No phone number yet.');

  // A number without its country code is refused in words, under the field.
  const form = card.getByTestId('phone-form');
  await form.getByLabel('Phone number').fill('030 1234567');
  await form.getByRole('button', { name: 'Text me a code' }).click();
  await expect(form).toContainText('Enter a number with its country code, like +49 30 1234567');

  const phone = uniquePhone();
  await form.getByLabel('Phone number').fill(`${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`);
  await form.getByRole('button', { name: 'Text me a code' }).click();
  await expect(card.getByTestId('phone-pending')).toHaveText(
    `We texted a code to ${phone}. Enter it within 10 minutes.`,
  );

  const code = await textedCode(page, phone);
  await page.goto('/settings');
  const codeForm = card.getByTestId('phone-code-form');
  await codeForm.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expect(codeForm).toContainText('That code is not right. 4 tries left.');

  await codeForm.getByLabel('Code').fill(code);
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expect(card).toContainText(`${phone} Verified`);
  await expect(card.getByTestId('phone-pending')).toHaveCount(0);

  await card.getByRole('button', { name: 'Remove phone number' }).click();
  await expect(card).toContainText('No phone number yet.');
});
