'use server';

import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { confirmTestSetup } from '@/lib/payments/test-mode/confirm-test-setup';

export type CardFormState = { error?: string; fieldErrors?: Record<string, string> };

/** Which field a card refusal is about, by the processor's code (a decline is about the number). */
const FIELD_OF_CODE: Record<string, string> = {
  invalid_number: 'number',
  card_declined: 'number',
  invalid_expiry: 'expiry',
  expired_card: 'expiry',
  invalid_cvc: 'cvc',
};

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
  if (!result.ok) {
    const field = FIELD_OF_CODE[result.code];
    return { error: result.message, ...(field ? { fieldErrors: { [field]: result.message } } : {}) };
  }
  redirect(result.returnUrl);
}
