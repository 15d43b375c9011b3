'use client';

import { useActionState } from 'react';
import { ActionError } from '@/components/action-error';
import { SecretOnce } from '@/components/secret-once';
import { type CreateWebhookState, createWebhookAction } from './actions';

export function CreateWebhookForm({ eventTypes }: { eventTypes: readonly string[] }) {
  const [state, action, pending] = useActionState<CreateWebhookState, FormData>(createWebhookAction, {});
  return (
    <div className="space-y-3">
      <form action={action} className="space-y-3">
        <label className="block text-sm">
          <span className="text-stone-700">Endpoint URL</span>
          <input
            name="url"
            type="url"
            required
            maxLength={2048}
            placeholder="https://example.com/webhooks/legwork"
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm">
          <span className="text-stone-700">Description</span>
          <input
            name="description"
            maxLength={500}
            placeholder="optional"
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
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
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-stone-900 px-4 py-2 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
        >
          Add endpoint
        </button>
      </form>
      <ActionError error={state.error} />
      {state.secret && <SecretOnce label="Signing secret of the new endpoint" secret={state.secret} />}
    </div>
  );
}
