'use server';

import { redirect } from 'next/navigation';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { getProcessor } from '@/lib/payments/get-processor';
import { bookServiceOperation } from '@/lib/schemas/services';
import { bookService } from '@/lib/services/bookings/book-service';
import { isCardRefusal } from '@/lib/services/money/is-card-refusal';
import { describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

// The booking page's form: POST /v1/services/{id}/book's own service and body schema, paid with the signed-in
// person's card on file (the session's funding path, as New task: no x402 offer).

/** A refused booking; `currentPriceCents` when the price changed since the page was loaded, to book at it. */
export type BookState = ActionState & { currentPriceCents?: number; needsCard?: boolean };

const FIELDS: FormFieldMap = {
  startsAt: { field: 'startsAt', label: 'Start' },
  instructions: { field: 'instructions', label: 'Instructions' },
  expectedPriceCents: { field: 'expectedPriceCents', label: 'Price' },
};

/** "Book": the booking, at the price the page showed (`expectedPriceCents`); its task's page once it is made. */
export async function bookServiceFromPage(serviceId: string, _state: BookState, form: FormData): Promise<BookState> {
  const user = await requireBrowserActor(`/services/${serviceId}/book`);
  const instructions = String(form.get('instructions') ?? '').trim();
  const parsed = bookServiceOperation.body.safeParse({
    startsAt: String(form.get('startsAt') ?? ''),
    ...(instructions ? { instructions } : {}),
    expectedPriceCents: Number(form.get('expectedPriceCents')),
  });
  if (!parsed.success) return describeFormError(parsed.error, FIELDS);
  const { db } = await getDatabase();
  let taskId: string;
  try {
    const outcome = await bookService(db, {
      processor: getProcessor(db),
      user,
      viaApiKey: false,
      x402: { resource: `${env().SITE_URL}/v1/services/${serviceId}/book`, payment: null },
      serviceId,
      body: parsed.data,
    });
    if (outcome.kind === 'paymentRequired') {
      return { error: outcome.refusal.message ?? 'Add a card to book this service.', needsCard: true };
    }
    taskId = outcome.task.id;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
      return { error: 'The price changed', currentPriceCents: Number(error.details?.currentPriceCents) };
    }
    if (isCardRefusal(error)) return { error: `Your card was not charged: ${error.message}.`, needsCard: true };
    return describeFormError(error, FIELDS);
  }
  redirect(`/dashboard/tasks/${taskId}`);
}
