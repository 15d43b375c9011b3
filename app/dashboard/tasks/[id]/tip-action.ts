'use server';

import { revalidatePath } from 'next/cache';
import type { ConfirmState } from '@/components/ui/confirm-action';
import { getDatabase } from '@/db/client';
import { browserFunder } from '@/lib/api/funder-of';
import { sha256Hex } from '@/lib/auth/tokens';
import { tipTaskOperation } from '@/lib/schemas/tips';
import { tipTask } from '@/lib/services/tips/tip-task';
import { describeActionError } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

/**
 * POST /v1/tasks/{id}/tip for the signed-in requester (or the requesting agent's operator), paid with their own
 * card: the same service and rules. `key` is the form's Idempotency-Key, so a double submit tips once.
 */
export async function tipTaskAction(
  taskId: string,
  amountCents: number,
  key: string,
  _state: ConfirmState,
  _form: FormData,
): Promise<ConfirmState> {
  const page = `/dashboard/tasks/${taskId}`;
  const user = await requireBrowserActor(page);
  const parsed = tipTaskOperation.body.safeParse({ amountCents });
  if (!parsed.success) return { error: 'A tip is a whole number of cents, at least $1.00.' };
  const { db } = await getDatabase();
  try {
    const outcome = await tipTask(db, {
      funder: browserFunder(db, user, `/v1/tasks/${taskId}/tip`),
      taskId,
      amountCents: parsed.data.amountCents,
      key: { key: sha256Hex(`browser:${key}`), requestHash: sha256Hex(JSON.stringify(parsed.data)) },
    });
    if (outcome.kind === 'paymentRequired') return { error: outcome.refusal.message ?? 'Add a card to tip.' };
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(page);
  return {};
}
