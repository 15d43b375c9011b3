'use client';

import { useActionState } from 'react';
import { ActionError } from '@/components/action-error';
import { type AccountFormState, confirmPasswordResetAction } from '../../account-actions';

/** The new password; success redirects to /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<AccountFormState, FormData>(
    confirmPasswordResetAction.bind(null, token),
    {},
  );
  return (
    <form action={action} className="space-y-4">
      <label className="block text-sm">
        <span className="text-stone-700">New password (at least 10 characters)</span>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
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
        Set new password
      </button>
    </form>
  );
}
