'use client';

import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useActionState, useEffect } from 'react';
import { type EmailStepState, submitClaimEmail } from './actions';

/** Step 1: an email. A new one signs the human in on the spot; a known one is sent to log in first. */
export function EmailStep({ token }: { token: string }) {
  const router = useRouter();
  const [state, action, pending] = useActionState<EmailStepState, FormData>(submitClaimEmail.bind(null, token), {});

  useEffect(() => {
    if (!state.sessionToken) return;
    void signIn('credentials', { sessionToken: state.sessionToken, redirect: false }).then(() => router.refresh());
  }, [state.sessionToken, router]);

  if (state.existingEmail) {
    return (
      <div className="space-y-2 text-sm" role="status">
        <p>
          <span className="font-medium">{state.existingEmail}</span> already has a Legwork account.
        </p>
        <a href={`/login?next=${encodeURIComponent(`/claim/${token}`)}`} className="underline">
          Log in to continue
        </a>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-3">
      <label className="block text-sm">
        <span className="text-stone-700">Your email</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
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
        disabled={pending || Boolean(state.sessionToken)}
        className="w-full rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700 disabled:opacity-50"
      >
        Continue
      </button>
    </form>
  );
}
