'use client';

import { useActionState } from 'react';
import { ActionError } from '@/components/action-error';
import { type AccountFormState, requestPasswordResetAction } from '../account-actions';

/** An email; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<AccountFormState, FormData>(requestPasswordResetAction, {});
  if (state.done) {
    return (
      <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
        If an account exists for that email, we sent a link to reset its password. It works for 1 hour.
      </p>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <label className="block text-sm">
        <span className="text-stone-700">Email</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        />
      </label>
      <ActionError error={state.error} />
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700 disabled:opacity-50"
      >
        Send reset link
      </button>
    </form>
  );
}
