'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { ConfirmState } from '@/components/ui/confirm-action';
import { getDatabase } from '@/db/client';
import { createApiKeyOperation } from '@/lib/schemas/api-keys';
import { createApiKey } from '@/lib/services/operators/create-api-key';
import { revokeApiKey } from '@/lib/services/operators/revoke-api-key';
import { describeActionError, describeFormError } from '@/lib/web/describe-error';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

export type CreateKeyState = { error?: string; fieldErrors?: Record<string, string>; key?: string };

/** The same validation as POST /v1/operators/me/keys. */
export async function createKeyAction(_state: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  const current = await requireBrowserUser('/dashboard/keys');
  const mode = form.get('mode') === 'test' ? 'test' : 'live';
  try {
    const input = createApiKeyOperation.body.parse({ name: form.get('name'), mode });
    const { db } = await getDatabase();
    const created = await createApiKey(db, current.user.id, input);
    revalidatePath('/dashboard/keys');
    return { key: created.key };
  } catch (error) {
    return describeFormError(error, { name: { field: 'name', label: 'Name' }, mode: { field: 'mode', label: 'Mode' } });
  }
}

/** Revokes a key (after the page's confirmation); a failure is the confirmation's error, a success `?done=revoked`. */
export async function revokeKeyAction(keyId: string, _state: ConfirmState, _form: FormData): Promise<ConfirmState> {
  const current = await requireBrowserUser('/dashboard/keys');
  const { db } = await getDatabase();
  try {
    await revokeApiKey(db, { userId: current.user.id, keyId });
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath('/dashboard/keys');
  redirect('/dashboard/keys?done=revoked');
}
