'use client';

import { useActionState } from 'react';
import { chooseClaimPassword, type FormState } from './actions';

/** After a claim with a new email: a password for logging in later. */
export function PasswordStep({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(chooseClaimPassword.bind(null, token), {});
  if (state.done) return <p className="text-sm text-green-700">Password saved. You can log in with it from now on.</p>;
  return (
    <form action={action} className="space-y-3">
      <label className="block text-sm">
        <span className="text-stone-700">Choose a password (at least 10 characters)</span>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          required
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        />
      </label>
      {state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-stone-300 px-4 py-2 text-sm hover:bg-stone-100 disabled:opacity-50"
      >
        Save password
      </button>
    </form>
  );
}
