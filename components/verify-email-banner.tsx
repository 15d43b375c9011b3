'use client';

import { useActionState } from 'react';
import { type AccountFormState, resendVerificationAction } from '@/app/(site)/account-actions';

/** For a signed-in human whose email is not verified yet: a reminder and a button for a new link. */
export function VerifyEmailBanner({ email }: { email: string | null }) {
  const [state, action, pending] = useActionState<AccountFormState, FormData>(resendVerificationAction, {});
  return (
    <div
      role="status"
      data-testid="verify-email-banner"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm"
    >
      <p className="text-amber-900">
        {state.sentTo
          ? `We sent a new verification link to ${state.sentTo}. It works for 24 hours.`
          : `Verify your email: open the link we sent to ${email ?? 'your address'}.`}
        {state.error && <span className="ml-1 text-red-700">{state.error}</span>}
      </p>
      {!state.sentTo && (
        <form action={action}>
          <button
            type="submit"
            disabled={pending}
            className="rounded-md border border-amber-300 bg-white px-3 py-1.5 hover:bg-amber-100 disabled:opacity-50"
          >
            Resend link
          </button>
        </form>
      )}
    </div>
  );
}
