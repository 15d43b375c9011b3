'use client';

import { useActionState, useState } from 'react';
import { ActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SecretOnce } from '@/components/ui/secret-once';
import { SubmitButton } from '@/components/ui/submit-button';
import { type RotateSecretState, rotateWebhookSecretAction, updateWebhookEventsAction } from './actions';

/** The endpoint's events as ticked boxes (none = all), saved in place. */
export function EditEventsForm({
  endpointId,
  events,
  eventTypes,
}: {
  endpointId: string;
  events: string[];
  eventTypes: readonly string[];
}) {
  return (
    <details className="text-sm" data-testid="edit-events">
      <summary className="cursor-pointer text-stone-700">Edit events</summary>
      <ActionForm action={updateWebhookEventsAction.bind(null, endpointId)} className="mt-2 space-y-2">
        <fieldset>
          <legend className="text-stone-700">Events (none ticked = all of them)</legend>
          <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-3">
            {eventTypes.map((type) => (
              <label key={type} className="flex items-center gap-2 font-mono text-xs">
                <input type="checkbox" name="events" value={type} defaultChecked={events.includes(type)} />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton>Save events</SubmitButton>
      </ActionForm>
    </details>
  );
}

/** Rotate the signing secret after an inline confirmation; the new secret is shown once. */
export function RotateSecretForm({ endpointId }: { endpointId: string }) {
  const [asking, setAsking] = useState(false);
  const [state, formAction] = useActionState<RotateSecretState, FormData>(
    rotateWebhookSecretAction.bind(null, endpointId),
    {},
  );
  if (state.secret) return <SecretOnce label="New signing secret" secret={state.secret} />;
  return (
    <div className="space-y-2 text-sm" data-testid="rotate-secret">
      {asking ? (
        <form action={formAction} className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p>
            A new signing secret replaces the current one. The current secret keeps signing for 24 hours, so update your
            receiver within a day.
          </p>
          <div className="flex flex-wrap gap-2">
            <SubmitButton>Rotate secret</SubmitButton>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Keep the current secret
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" compact onClick={() => setAsking(true)}>
          Rotate secret…
        </Button>
      )}
      {state.error && <Notice tone="error">{state.error}</Notice>}
    </div>
  );
}
