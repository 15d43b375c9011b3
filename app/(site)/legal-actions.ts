'use server';

import { revalidatePath } from 'next/cache';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { actionClientIp } from '@/lib/api/action-client-ip';
import { describeActionError } from '@/lib/api/describe-error';
import { getBrowserUser } from '@/lib/api/next-auth';
import { acceptPendingLegal } from '@/lib/services/legal/accept-pending-legal';

/** The legal banner's "Accept" button: records the current version of every document still pending. */
export async function acceptPendingLegalAction(_state: ActionState): Promise<ActionState> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Your session ended. Log in again.' };
  try {
    const { db } = await getDatabase();
    await acceptPendingLegal(db, { userId: current.user.id, ip: await actionClientIp() });
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath('/', 'layout');
  return { saved: true };
}
