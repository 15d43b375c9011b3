'use server';

import { revalidatePath } from 'next/cache';
import { getDatabase } from '@/db/client';
import { requireAdminCaller } from '@/lib/web/require-admin-user';
import { type ModerationState, suspendWithForm, unsuspendWithForm } from './moderate-user';

// The users page's Suspend and Unsuspend: the same services as POST /v1/admin/users/{id}/suspend and /unsuspend,
// with the signed-in admin and the client address the audit log keeps.

/** "Suspend": the confirmation's reason is required; the notice says what the suspension did. */
export async function suspendUserAction(userId: string, _state: ModerationState, form: FormData) {
  const admin = await requireAdminCaller('/admin/users');
  const { db } = await getDatabase();
  const state = await suspendWithForm(db, admin, userId, form);
  if (state.done) revalidatePath('/admin/users');
  return state;
}

/** "Unsuspend". */
export async function unsuspendUserAction(userId: string, _state: ModerationState, _form: FormData) {
  const admin = await requireAdminCaller('/admin/users');
  const { db } = await getDatabase();
  const state = await unsuspendWithForm(db, admin, userId);
  if (state.done) revalidatePath('/admin/users');
  return state;
}
