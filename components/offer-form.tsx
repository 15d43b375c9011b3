'use client';

import { useState } from 'react';
import { ActionForm, type ActionState } from './ui/action-form';
import { Field, TextAreaField } from './ui/field';
import { SubmitButton } from './ui/submit-button';

/**
 * "Make an offer" on a posted task's worker page (POST /v1/tasks/{id}/offers): the pay wanted in dollars, an
 * optional time (sent as an instant: the browser knows its own zone) and a message. `minimum` is the worker's own
 * floor, in cents, shown as the price's rule. `action` is the page's server action.
 */
export function OfferForm({
  action,
  budgetText,
  minimumText,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  budgetText: string;
  minimumText: string | null;
}) {
  const [instant, setInstant] = useState('');
  const hint = `The task pays ${budgetText}. At least $5.00${minimumText ? ` and your minimum, ${minimumText}` : ''}.`;
  return (
    <ActionForm action={action} testId="offer-form" savedText="Offer sent: the requester will see it.">
      <Field label="Your price (dollars)" name="price" inputMode="decimal" required hint={hint} />
      <Field
        label="When you could do it (optional)"
        name="proposedTimeLocal"
        type="datetime-local"
        onChange={(event) => setInstant(event.target.value ? new Date(event.target.value).toISOString() : '')}
      />
      <input type="hidden" name="proposedTime" value={instant} />
      <TextAreaField
        label="Message (optional)"
        name="message"
        rows={3}
        maxLength={1_000}
        hint="Up to 1,000 characters."
      />
      <SubmitButton>Send offer</SubmitButton>
    </ActionForm>
  );
}
