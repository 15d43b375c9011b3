'use client';

import { useActionState } from 'react';
import { ActionError } from '@/components/action-error';
import { SecretOnce } from '@/components/secret-once';
import { type CreateKeyState, createKeyAction } from './actions';

export function CreateKeyForm() {
  const [state, action, pending] = useActionState<CreateKeyState, FormData>(createKeyAction, {});
  return (
    <div className="space-y-3">
      <form action={action} className="flex flex-wrap items-end gap-3">
        <label className="block flex-1 text-sm">
          <span className="text-stone-700">Key name</span>
          <input
            name="name"
            required
            maxLength={100}
            placeholder="e.g. Production server"
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm">
          <span className="text-stone-700">Mode</span>
          <select name="mode" className="mt-1 block rounded-md border border-stone-300 px-3 py-2">
            <option value="live">live</option>
            <option value="test">test</option>
          </select>
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-stone-900 px-4 py-2 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
        >
          Create key
        </button>
      </form>
      <ActionError error={state.error} />
      {state.key && <SecretOnce label="Your new API key" secret={state.key} />}
    </div>
  );
}
