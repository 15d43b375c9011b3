'use client';

import { useState } from 'react';
import { ActionForm, type ActionState } from './ui/action-form';
import { Button } from './ui/button';
import { Field, TextAreaField } from './ui/field';
import { SubmitButton } from './ui/submit-button';

/**
 * "Open a dispute" on a task page (POST /v1/tasks/{id}/dispute): behind a button, a one-line reason and optional
 * details. The money stays in escrow until an admin resolves it. `action` is the page's server action.
 */
export function DisputeOpenForm({ action }: { action: (state: ActionState, form: FormData) => Promise<ActionState> }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="danger" onClick={() => setOpen(true)}>
        Open a dispute
      </Button>
    );
  }
  return (
    <ActionForm action={action} testId="dispute-open-form" savedText="Dispute opened: an admin will review it.">
      <p className="text-sm text-stone-600">
        An admin reads both sides’ thread and evidence, then refunds the requester, pays the worker, or splits the
        money. Nothing moves until then.
      </p>
      <Field label="Reason" name="reason" maxLength={2_000} required hint="One line: what went wrong." />
      <TextAreaField label="Details (optional)" name="details" rows={4} maxLength={5_000} />
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton variant="destructive">Open dispute</SubmitButton>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </ActionForm>
  );
}
