'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { createWebhookAction } from './actions';

export function CreateWebhookForm({ eventTypes }: { eventTypes: readonly string[] }) {
  return (
    <ActionForm
      action={createWebhookAction}
      secret={{ label: 'Signing secret of the new endpoint', of: (state) => state.secret }}
    >
      <Field
        label="Endpoint URL"
        name="url"
        type="url"
        required
        maxLength={2048}
        placeholder="https://example.com/webhooks/legwork"
      />
      <Field label="Description" name="description" maxLength={500} placeholder="optional" />
      <fieldset className="text-sm">
        <legend className="text-stone-700">Events (none ticked = all of them)</legend>
        <div className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-3">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 font-mono text-xs">
              <input type="checkbox" name="events" value={type} />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton>Add endpoint</SubmitButton>
    </ActionForm>
  );
}
