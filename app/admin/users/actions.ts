'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { getDatabase } from '@/db/client';
import { clientIp } from '@/lib/api/request-context';
import { requireAdminUser } from '@/lib/api/require-admin-user';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { type ModerationState, suspendWithForm, unsuspendWithForm } from './moderate-user';

// The users page's Suspend and Unsuspend: the same services as POST /v1/admin/users/{id}/suspend and /unsuspend,
// with the signed-in admin and the client address the audit log keeps.

async function signedInAdmin(): Promise<AdminCaller> {
  return { user: await requireAdminUser('/admin/users'), ip: clientIp(await headers()) };
}

/** "Suspend": the confirmation's reason is required; the notice says what the suspension did. */
export async function suspendUserAction(userId: string, _state: ModerationState, form: FormData) {
  const admin = await signedInAdmin();
  const { db } = await getDatabase();
  const state = await suspendWithForm(db, admin, userId, form);
  if (state.done) revalidatePath('/admin/users');
  return state;
}

/** "Unsuspend". */
export async function unsuspendUserAction(userId: string, _state: ModerationState, _form: FormData) {
  const admin = await signedInAdmin();
  const { db } = await getDatabase();
  const state = await unsuspendWithForm(db, admin, userId);
  if (state.done) revalidatePath('/admin/users');
  return state;
}
