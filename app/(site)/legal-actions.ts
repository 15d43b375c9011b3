'use server';

import { revalidatePath } from 'next/cache';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { acceptPendingLegal } from '@/lib/services/legal/accept-pending-legal';
import { actionClientIp } from '@/lib/web/action-client-ip';
import { describeActionError } from '@/lib/web/describe-error';
import { getBrowserUser } from '@/lib/web/next-auth';

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
