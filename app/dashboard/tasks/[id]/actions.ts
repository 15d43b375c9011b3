'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { TaskActionState } from '@/components/task-action-form';
import { getDatabase } from '@/db/client';
import { browserFunder } from '@/lib/api/funder-of';
import { ApiError } from '@/lib/errors/api-error';
import { requestRevisionOperation } from '@/lib/schemas/task-actions';
import { acceptOffer } from '@/lib/services/offers/accept-offer';
import { approveTask } from '@/lib/services/tasks/approve-task';
import { cancelTask } from '@/lib/services/tasks/cancel-task';
import { requestRevision } from '@/lib/services/tasks/request-revision';
import { describeActionError } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

// The requester's buttons on /dashboard/tasks/[id]: the same services (and rules) as the /v1 action routes.

const pageOf = (taskId: string) => `/dashboard/tasks/${taskId}`;

/** What the page says after each action (`?done=`); see TaskDoneNotice on the page. */
export type TaskDone = 'approved' | 'revision' | 'cancelled' | 'offerAccepted';

/**
 * Runs one action as the signed-in requester. A failure is the form's error; a success returns to the page with
 * `?done=` so it says what happened (the buttons that were confirmed are gone by then).
 */
async function run(
  taskId: string,
  done: TaskDone,
  act: (user: Awaited<ReturnType<typeof requireBrowserActor>>) => Promise<unknown>,
): Promise<TaskActionState> {
  const user = await requireBrowserActor(pageOf(taskId));
  try {
    await act(user);
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(pageOf(taskId));
  redirect(`${pageOf(taskId)}?done=${done}`);
}

export async function approveAction(
  taskId: string,
  _state: TaskActionState,
  _form: FormData,
): Promise<TaskActionState> {
  const { db } = await getDatabase();
  return run(taskId, 'approved', (user) => approveTask(db, user, taskId));
}

export async function requestRevisionAction(
  taskId: string,
  _state: TaskActionState,
  form: FormData,
): Promise<TaskActionState> {
  const { db } = await getDatabase();
  // The API's own rule: a reason, not blank, so the worker knows what to redo.
  const body = requestRevisionOperation.body.safeParse({ reason: String(form.get('reason') ?? '') });
  if (!body.success) return { error: describeActionError(body.error) };
  return run(taskId, 'revision', (user) => requestRevision(db, { user, taskId, reason: body.data.reason }));
}

/** `maxFeeCents`: the fee the confirmation named; a cancel that would now pay the worker more is refused. */
export async function cancelAction(
  taskId: string,
  maxFeeCents: number,
  _state: TaskActionState,
  _form: FormData,
): Promise<TaskActionState> {
  const { db } = await getDatabase();
  return run(taskId, 'cancelled', (user) => cancelTask(db, user, taskId, { maxFeeCents }));
}

/** Accept on an offer (docs/tasks.md "Offers"): the task goes to its worker at its price, the difference moved. */
export async function acceptOfferAction(
  taskId: string,
  offerId: string,
  _state: TaskActionState,
  _form: FormData,
): Promise<TaskActionState> {
  const { db } = await getDatabase();
  return run(taskId, 'offerAccepted', async (user) => {
    const path = `/v1/tasks/${taskId}/offers/${offerId}/accept`;
    const outcome = await acceptOffer(db, { funder: browserFunder(db, user, path), taskId, offerId });
    // Only an x402-funded task asks for more here, and a person has no wallet: the agent pays through the API.
    if (outcome.kind === 'paymentRequired')
      throw new ApiError('PAYMENT_REQUIRED', { message: outcome.refusal.message });
  });
}
