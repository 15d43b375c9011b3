'use client';

import { useActionState } from 'react';

/** What the resend action answers: the address it sent to, or why not. */
export type ResendState = { error?: string; sentTo?: string };

/** Sends a new verification link to the signed-in human: a server action, passed in by the layout. */
export type ResendVerification = (state: ResendState) => Promise<ResendState>;

/** For a signed-in human whose email is not verified yet: a reminder and a button for a new link. */
export function VerifyEmailBanner({ email, resend }: { email: string | null; resend: ResendVerification }) {
  const [state, action, pending] = useActionState<ResendState, FormData>(resend, {});
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
