'use server';

import { revalidatePath } from 'next/cache';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { describeFormError } from '@/lib/api/describe-error';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { changePasswordOperation, updateCurrentUserOperation } from '@/lib/schemas/account-settings';
import { changePassword } from '@/lib/services/users/change-password';
import { updateCurrentUser } from '@/lib/services/users/update-current-user';

const PAGE = '/settings';

/** The name form: PATCH /v1/users/me. An empty field clears the name. */
export async function updateNameAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const name = String(form.get('name') ?? '').trim();
    const input = updateCurrentUserOperation.body.parse({ name: name === '' ? null : name });
    const { db } = await getDatabase();
    await updateCurrentUser(db, user.id, input);
    revalidatePath('/', 'layout');
    return { saved: true };
  } catch (error) {
    return describeFormError(error, { name: { field: 'name', label: 'Name' } });
  }
}

/** The password form: PUT /v1/users/me/password; this browser stays signed in, every other session ends. */
export async function changePasswordAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const { user, sessionId } = await requireBrowserUser(PAGE);
  try {
    const current = form.get('currentPassword');
    const input = changePasswordOperation.body.parse({
      ...(current === null ? {} : { currentPassword: current }),
      password: form.get('password'),
    });
    const { db } = await getDatabase();
    await changePassword(db, { userId: user.id, sessionId, ...input });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describeFormError(error, {
      currentPassword: { field: 'currentPassword', label: 'Current password' },
      password: { field: 'password', label: 'New password' },
    });
  }
}
