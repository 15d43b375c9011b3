'use server';

import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { confirmTestSetup } from '@/lib/payments/test-mode/confirm-test-setup';

export type CardFormState = { error?: string };

export async function submitTestCard(
  setupIntentId: string,
  _state: CardFormState,
  form: FormData,
): Promise<CardFormState> {
  const [month = '', year = ''] = String(form.get('expiry') ?? '').split('/');
  const { db } = await getDatabase();
  const result = await confirmTestSetup(db, setupIntentId, {
    number: String(form.get('number') ?? ''),
    expMonth: Number.parseInt(month.trim(), 10),
    expYear: Number.parseInt(year.trim(), 10),
    cvc: String(form.get('cvc') ?? '').trim(),
  });
  if (!result.ok) return { error: result.message };
  redirect(result.returnUrl);
}
