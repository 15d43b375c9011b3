'use client';

import { useActionState } from 'react';
import { Notice } from './ui/notice';
import { SubmitButton } from './ui/submit-button';
import type { ResendState, ResendVerification } from './verify-email-banner';

/**
 * In place of a form that would create something with power over the account (a key, an agent, a claim code, a
 * webhook endpoint) while the human's email is unverified: why it is refused (the API's 403 EMAIL_NOT_VERIFIED),
 * and a button for a new link.
 */
export function VerifyEmailFirst({
  what,
  email,
  resend,
}: {
  /** What cannot be created yet, e.g. "API keys". */
  what: string;
  email: string | null;
  resend: ResendVerification;
}) {
  const [state, action] = useActionState<ResendState, FormData>(resend, {});
  return (
    <div className="space-y-3" data-testid="verify-email-first">
      {state.sentTo ? (
        <Notice tone="success">{`We sent a new verification link to ${state.sentTo}. It works for 24 hours.`}</Notice>
      ) : (
        <Notice tone="warning">
          {`You can create ${what} once your email is verified: it proves the address, and so the account, is yours. ` +
            `Open the link we sent to ${email ?? 'your address'}, or ask for a new one.`}
        </Notice>
      )}
      {!state.sentTo && (
        <form action={action}>
          <SubmitButton variant="secondary" compact pendingLabel="Sending…">
            Resend link
          </SubmitButton>
        </form>
      )}
      <Notice tone="error">{state.error}</Notice>
    </div>
  );
}
