'use client';

import { useActionState } from 'react';
import { confirmClaim, type FormState } from './actions';

/** Step 3: pay with the saved card and claim. */
export function ConfirmStep({ token, total }: { token: string; total: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(confirmClaim.bind(null, token), {});
  return (
    <form action={action} className="space-y-3">
      {state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700 disabled:opacity-50"
      >
        {pending ? 'Paying…' : `Pay ${total} and post the task`}
      </button>
    </form>
  );
}
