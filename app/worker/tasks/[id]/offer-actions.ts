'use server';

import { revalidatePath } from 'next/cache';
import { dollarsToCents } from '@/app/dashboard/tasks/task-form-body';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { createOfferOperation } from '@/lib/schemas/offers';
import { createOffer } from '@/lib/services/offers/create-offer';
import { describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

// "Make an offer" on /worker/tasks/[id]: the same service and rules as POST /v1/tasks/{id}/offers.

const FIELDS: FormFieldMap = {
  priceCents: { field: 'price', label: 'Your price' },
  proposedTime: { field: 'proposedTimeLocal', label: 'When' },
  message: { field: 'message', label: 'Message' },
};

export async function makeOfferAction(taskId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireBrowserActor(`/worker/tasks/${taskId}`);
  const price = String(form.get('price') ?? '');
  const proposedTime = String(form.get('proposedTime') ?? '');
  const message = String(form.get('message') ?? '').trim();
  const parsed = createOfferOperation.body.safeParse({
    priceCents: dollarsToCents(price) ?? price,
    ...(proposedTime ? { proposedTime } : {}),
    ...(message ? { message } : {}),
  });
  if (!parsed.success) return inDollars(describeFormError(parsed.error, FIELDS));
  const { db } = await getDatabase();
  try {
    await createOffer(db, { user, taskId, offer: parsed.data });
  } catch (error) {
    return inDollars(describeFormError(error, FIELDS));
  }
  revalidatePath(`/worker/tasks/${taskId}`);
  return { saved: true };
}

/** The API's rules speak cents ("at least 500 cents"); the form is in dollars. */
function inDollars(state: ActionState): ActionState {
  const words = (text?: string) => text?.replace(/(\d+) cents/g, (_, cents) => formatMoney(Number(cents)));
  const price = words(state.fieldErrors?.price);
  return {
    ...state,
    error: words(state.error),
    ...(state.fieldErrors ? { fieldErrors: { ...state.fieldErrors, ...(price ? { price } : {}) } } : {}),
  };
}
