import { z } from 'zod';
import { plural } from '@/components/format';
import type { ConfirmState } from '@/components/ui/confirm-action';
import type { Db } from '@/db/client';
import { suspendUserOperation } from '@/lib/schemas/admin';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { suspendUser } from '@/lib/services/admin/suspend-user';
import { unsuspendUser } from '@/lib/services/admin/unsuspend-user';
import { describeActionError } from '@/lib/web/describe-error';

// The users page's Suspend and Unsuspend, apart from Next (actions.ts adds the signed-in admin and the
// revalidation), so a test drives them with a database and a form.

/** A moderation form's outcome: the error to show in the confirmation, or what was done, in words. */
export type ModerationState = ConfirmState & { done?: string };

/** The longest reason POST /v1/admin/users/{id}/suspend takes: the form's textarea says so before submit. */
export const MAX_REASON = suspendUserOperation.body.shape.reason.maxLength ?? undefined;

const isUserId = (value: string) => z.uuid().safeParse(value).success;

/** What a suspension did, as the notice says it: the tasks it cancelled and refunded, and the unlisting. */
export function suspensionSummary({ cancelledTaskIds, unlisted }: { cancelledTaskIds: string[]; unlisted: boolean }) {
  const cancelled = cancelledTaskIds.length;
  const tasks =
    cancelled === 0 ? 'no posted tasks to cancel' : `${plural(cancelled, 'posted task')} cancelled and refunded`;
  const parts = unlisted ? [tasks, 'worker unlisted'] : [tasks];
  const sentence = parts.join('; ');
  return `Suspended. ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

export const UNSUSPENDED =
  'Unsuspended: their sessions and keys work again. Cancelled tasks stay cancelled; a worker lists themselves again.';

/** Suspend with the form's required reason; a refusal (409 for an admin, 404) comes back as the error. */
export async function suspendWithForm(
  db: Db,
  admin: AdminCaller,
  userId: string,
  form: FormData,
): Promise<ModerationState> {
  if (!isUserId(userId)) return { error: 'No such user' };
  try {
    const { reason } = suspendUserOperation.body.parse({ reason: String(form.get('reason') ?? '') });
    return { done: suspensionSummary(await suspendUser(db, { admin, userId, reason })) };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

/** Lift a suspension; a refusal (not suspended, unknown user) comes back as the error. */
export async function unsuspendWithForm(db: Db, admin: AdminCaller, userId: string): Promise<ModerationState> {
  if (!isUserId(userId)) return { error: 'No such user' };
  try {
    await unsuspendUser(db, { admin, userId });
    return { done: UNSUSPENDED };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
