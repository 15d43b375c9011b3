'use client';

import { useActionState } from 'react';
import { ActionError } from '@/components/action-error';
import { SecretOnce } from '@/components/secret-once';
import { createAgentAction, type KeyState } from './actions';

export function CreateAgentForm() {
  const [state, action, pending] = useActionState<KeyState, FormData>(createAgentAction, {});
  return (
    <div className="space-y-3">
      <form action={action} className="flex flex-wrap items-end gap-3">
        <label className="block flex-1 text-sm">
          <span className="text-stone-700">Agent name</span>
          <input
            name="name"
            required
            maxLength={100}
            placeholder="e.g. Store checker"
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm">
          <span className="text-stone-700">Spending cap ($, empty = none)</span>
          <input
            name="spendingLimit"
            type="number"
            min="0"
            step="0.01"
            className="mt-1 block w-40 rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-stone-900 px-4 py-2 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
        >
          Create agent
        </button>
      </form>
      <ActionError error={state.error} />
      {state.key && <SecretOnce label="Your agent’s API key" secret={state.key} />}
    </div>
  );
}
